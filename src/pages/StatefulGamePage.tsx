import type { ComponentType } from 'react'
import type { GameService } from '../api'
import { InstantGamePage, type InstantGameShellProps } from './InstantGamePage'

/**
 * What the shell hands a stateful game (miner, hilo, coinflip) besides every game's props: the
 * `?bet=<id>` round whose proof is open, as an instant game gets its bet's.
 */
export type StatefulGameShellProps = InstantGameShellProps

/**
 * The page of a stateful game, full width: the shell's page of a game with proofs by URL (its
 * title, the shell's props, the live tables of the `general` service, `?bet=<id>` opening that
 * round's proof), the one the instant games have, around the game's module. Its own module, so
 * the route preloads it as the stateful family's page (src/routes/table.ts).
 */
export function StatefulGamePage(props: {
  /** The route id: `page.<id>` and the `pages:<id>.title` text. */
  id: string
  service: GameService
  Game: ComponentType<StatefulGameShellProps>
}) {
  return <InstantGamePage {...props} />
}
