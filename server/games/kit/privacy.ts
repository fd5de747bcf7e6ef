/**
 * Who public feeds hide: players who turned on "Hide my statistics" (`is_statistics_hidden`,
 * SPEC.md section 3), and whose avatar the rooms show neutral (`is_avatar_hidden`). Every public row a game builds (crash's live bets, the instant games' live
 * tables; the top list and rooms when they come) asks {@link FeedPrivacy.publicName}, so a hidden
 * player's rows carry no name (`player: null`, which the client shows as "Hidden").
 *
 * The set lives in memory so rows are built synchronously, the instant a bet is decided: it is
 * read once at start and changed by `PUT /profile/settings` in the same process, so the setting
 * holds for the next row without a restart or a reconnection. (Another server process learns a
 * change at its next start: the sets are per process, like the news of a session's end.)
 */
import type { Queryable } from '../../db/db'
import type { UserId } from './player'

/** Hidden players of public feeds. */
export class FeedPrivacy {
  private readonly hidden = new Set<number>()
  /** Players who hide their avatar (`is_avatar_hidden`): the rooms show them a neutral one. */
  private readonly avatarsHidden = new Set<number>()
  /** Changes made while the start-up read was in flight win over what it read. */
  private readonly changed = new Set<string>()
  private loading: Promise<void> | null = null
  private loaded = false

  constructor(private readonly db: Queryable) {}

  /** Reads the hidden players once; every game awaits it before it serves rows. */
  load(): Promise<void> {
    this.loading ??= this.db
      .query<{ id: number; stats: boolean; avatar: boolean }>(
        `SELECT id, is_statistics_hidden AS stats, is_avatar_hidden AS avatar FROM users
         WHERE is_statistics_hidden OR is_avatar_hidden`,
      )
      .then((rows) => {
        for (const { id, stats, avatar } of rows) {
          if (stats && !this.changed.has(`stats:${id}`)) this.hidden.add(id)
          if (avatar && !this.changed.has(`avatar:${id}`)) this.avatarsHidden.add(id)
        }
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
    if (!this.loaded) this.changed.add(`stats:${userId}`)
    if (hidden) this.hidden.add(userId)
    else this.hidden.delete(userId)
  }

  /** Records a player's avatar setting after it is stored, as {@link setHidden} does. */
  setAvatarHidden(userId: number, hidden: boolean): void {
    if (!this.loaded) this.changed.add(`avatar:${userId}`)
    if (hidden) this.avatarsHidden.add(userId)
    else this.avatarsHidden.delete(userId)
  }

  /** True when `userId` is hidden from public feeds. */
  isHidden(userId: UserId | number): boolean {
    return this.hidden.has(userId)
  }

  /** The name a public row shows for the player: `name`, or null while they are hidden. */
  publicName(userId: UserId | number, name: string): string | null {
    return this.hidden.has(userId) ? null : name
  }

  /**
   * What a public row's avatar is drawn from: the player's public name (the client generates
   * the picture from it), or null, a neutral picture, while they hide their avatar or their
   * statistics (a picture drawn from a hidden name would tell the name's rows apart).
   */
  publicAvatar(userId: UserId | number, name: string): string | null {
    return this.hidden.has(userId) || this.avatarsHidden.has(userId) ? null : name
  }
}
