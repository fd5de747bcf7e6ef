import { GAMES, gameNameKey } from '../../../games/registry'

/** A game a player can play on this site today: where it lives and the texts the lobby shows. */
export interface PlayableGame {
  /** The game's id, also its route id in src/routes/table.ts. */
  id: string
  /** Path of its built page. */
  to: string
  /** i18n key of its name (its route's title). */
  title: string
  /** i18n key of its one-line description in the lobby. */
  blurb: string
}

/**
 * The games that can be played today, in lobby order: the registry's (games/registry.ts). The
 * lobby lists them and the header links each one. A game's name is its route's title
 * (`pages:<id>.title`), the one text that names it (the profile history and the live tables
 * read it too).
 */
export const PLAYABLE_GAMES: readonly PlayableGame[] = GAMES.map(({ id }) => ({
  id,
  to: `/games/${id}`,
  title: gameNameKey(id),
  blurb: `pages:home.games.${id}`,
}))
