import { KenoGame } from '../../games/keno'
import { InstantGamePage } from './InstantGamePage'

/** /games/keno: the instant keno game on the shell's instant game page. */
export function KenoPage() {
  return <InstantGamePage id="keno" service="keno" Game={KenoGame} />
}
