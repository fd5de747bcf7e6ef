import { useSearch } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { CrashGame, parseCrashSearch } from '../../games/crash'
import { useDropSearchParam } from './betProofParam'
import { useShellGameProps } from './gamePageProps'

/**
 * /games/crash: the live game, full width. Guests watch; a signed-in player bets (the shell's
 * part of a game page is `useShellGameProps`). `?round=<id>` opens that finished round's
 * fairness proof (profile history links use it).
 */
export function CrashPage() {
  const { t } = useTranslation()
  const shell = useShellGameProps('crash')
  const proofRound = parseCrashSearch(useSearch({ strict: false })).round
  const onProofClosed = useDropSearchParam('round')
  return (
    <section className="game-page" data-testid="page.crash">
      <h1 className="game-page__title" data-testid="page.title">
        {t('pages:crash.title')}
      </h1>
      {shell !== null && (
        <CrashGame
          {...shell.props}
          key={shell.key}
          proofRound={proofRound}
          onProofClosed={onProofClosed}
        />
      )}
    </section>
  )
}
