import type { ComponentType } from 'react'
import type { GamePageProps } from '../../games/kit'
import type { GameService } from '../api'
import { useBetProofParam } from './betProofParam'
import { GamePageFrame } from './GamePageFrame'
import { useLiveTablesShell, useShellGameProps } from './gamePageProps'

/** What the shell hands an instant game besides every game's props. */
export interface InstantGameShellProps extends GamePageProps {
  proofBet: string | null
  onProofClosed: () => void
}

/**
 * The page of an instant game, full width: its title, and the game with the shell's props
 * (`useShellGameProps`), the live tables fed by the `general` service, and `?bet=<id>`, which
 * opens that bet's proof (profile history links and live table rows use it).
 */
export function InstantGamePage({
  id,
  service,
  Game,
}: {
  /** The route id: `page.<id>` and the `pages:<id>.title` text. */
  id: string
  service: GameService
  Game: ComponentType<InstantGameShellProps>
}) {
  const shell = useShellGameProps(service)
  const live = useLiveTablesShell()
  const proof = useBetProofParam()
  return (
    <GamePageFrame id={id}>
      {shell !== null && (
        <Game
          {...shell.props}
          key={shell.key}
          live={live}
          proofBet={proof.proofBet}
          onProofClosed={proof.onProofClosed}
        />
      )}
    </GamePageFrame>
  )
}
