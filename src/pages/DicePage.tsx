import { DiceGame } from '../../games/dice'
import { InstantGamePage } from './InstantGamePage'

/** /games/dice: the instant dice game on the shell's instant game page. */
export function DicePage() {
  return <InstantGamePage id="dice" service="dice" Game={DiceGame} />
}
