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
 * The games that can be played today, in lobby order. The lobby lists them and the header links
 * each one; a game joins the list when its page is built. Until then its route keeps the
 * placeholder page, which the navigation never offers as a game.
 */
export const PLAYABLE_GAMES: readonly PlayableGame[] = [
  { id: 'crash', to: '/games/crash', title: 'pages:crash.title', blurb: 'pages:home.games.crash' },
  { id: 'dice', to: '/games/dice', title: 'pages:dice.title', blurb: 'pages:home.games.dice' },
  {
    id: 'roulette',
    to: '/games/roulette',
    title: 'pages:roulette.title',
    blurb: 'pages:home.games.roulette',
  },
  { id: 'keno', to: '/games/keno', title: 'pages:keno.title', blurb: 'pages:home.games.keno' },
]
