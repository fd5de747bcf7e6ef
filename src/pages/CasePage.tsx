import { useParams } from '@tanstack/react-router'
import { CaseGame } from '../../games/cases'
import { useBetProofParam } from './betProofParam'
import { GamePageFrame } from './GamePageFrame'
import { useLiveTablesShell, useShellGameProps } from './gamePageProps'

/**
 * /games/cases/{slug}: one case, opened on the `cases` service, with the live tables of every
 * instant game (the instant game page's parts, and the case's slug).
 */
export function CasePage() {
  const { slug = '' } = useParams({ strict: false }) as { slug?: string }
  const shell = useShellGameProps('cases')
  const live = useLiveTablesShell()
  const proof = useBetProofParam()
  return (
    <GamePageFrame id="case">
      {shell !== null && (
        <CaseGame
          {...shell.props}
          key={`${shell.key}:${slug}`}
          slug={slug}
          live={live}
          proofBet={proof.proofBet}
          onProofClosed={proof.onProofClosed}
        />
      )}
    </GamePageFrame>
  )
}
