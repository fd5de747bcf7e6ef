import { useSearch } from '@tanstack/react-router'
import { CrashGame, parseCrashSearch } from '../../games/crash'
import { useDropSearchParam } from './dropSearchParam'
import { GamePageFrame } from './GamePageFrame'
import { useShellGameProps } from './gamePageProps'

/**
 * /games/crash: the live game, full width. Guests watch; a signed-in player bets (the shell's
 * part of a game page is `useShellGameProps`). `?round=<id>` opens that finished round's
 * fairness proof (profile history links use it).
 */
export function CrashPage() {
  const shell = useShellGameProps('crash')
  const proofRound = parseCrashSearch(useSearch({ strict: false })).round
  const onProofClosed = useDropSearchParam('round')
  return (
    <GamePageFrame id="crash">
      {shell !== null && (
        <CrashGame
          {...shell.props}
          key={shell.key}
          proofRound={proofRound}
          onProofClosed={onProofClosed}
        />
      )}
    </GamePageFrame>
  )
}
