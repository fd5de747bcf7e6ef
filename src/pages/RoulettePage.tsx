import { RouletteGame } from '../../games/roulette'
import { InstantGamePage } from './InstantGamePage'

/** /games/roulette: European roulette, on the `general` service, on the instant game page. */
export function RoulettePage() {
  return <InstantGamePage id="roulette" service="general" Game={RouletteGame} />
}
