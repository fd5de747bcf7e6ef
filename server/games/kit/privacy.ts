/**
 * Who public feeds hide: players who turned on "Hide my statistics" (`is_statistics_hidden`,
 * SPEC.md section 3). Every public row a game builds (crash's live bets, the instant games' live
 * tables; the top list and rooms when they come) asks {@link FeedPrivacy.publicName}, so a hidden
 * player's rows carry no name (`player: null`, which the client shows as "Hidden").
 *
 * The set lives in memory so rows are built synchronously, the instant a bet is decided: it is
 * read once at start and changed by `PUT /profile/settings` in the same process, so the setting
 * holds for the next row without a restart or a reconnection. (Several processes would share the
 * change the way they will share session ends; today the server is one process.)
 */
import type { Queryable } from '../../db/db'
import type { UserId } from './player'

/** Hidden players of public feeds. */
export class FeedPrivacy {
  private readonly hidden = new Set<number>()
  /** Changes made while the start-up read was in flight win over what it read. */
  private readonly changed = new Set<number>()
  private loading: Promise<void> | null = null
  private loaded = false

  constructor(private readonly db: Queryable) {}

  /** Reads the hidden players once; every game awaits it before it serves rows. */
  load(): Promise<void> {
    this.loading ??= this.db
      .query<{ id: number }>('SELECT id FROM users WHERE is_statistics_hidden')
      .then((rows) => {
        for (const { id } of rows) if (!this.changed.has(id)) this.hidden.add(id)
        this.loaded = true
        this.changed.clear()
      })
      .catch((err: unknown) => {
        // A failed read is tried again by the next start, not remembered.
        this.loading = null
        throw err
      })
    return this.loading
  }

  /** Records a player's setting after it is stored: their next public row follows it. */
  setHidden(userId: number, hidden: boolean): void {
    if (!this.loaded) this.changed.add(userId)
    if (hidden) this.hidden.add(userId)
    else this.hidden.delete(userId)
  }

  /** True when `userId` is hidden from public feeds. */
  isHidden(userId: UserId | number): boolean {
    return this.hidden.has(userId)
  }

  /** The name a public row shows for the player: `name`, or null while they are hidden. */
  publicName(userId: UserId | number, name: string): string | null {
    return this.hidden.has(userId) ? null : name
  }
}
