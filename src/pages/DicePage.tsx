import { useTranslation } from 'react-i18next'
import { DiceGame } from '../../games/dice'
import { useBetProofParam } from './betProofParam'
import { useLiveTablesShell, useShellGameProps } from './gamePageProps'

/**
 * /games/dice: the instant dice game, full width. Guests see the slider and recent rolls; a
 * signed-in player bets (the shell's part of a game page is `useShellGameProps`). `?bet=<id>`
 * opens that bet's proof, recomputed in the browser (profile history links use it, and the live
 * tables under the game, fed by the `general` service).
 */
export function DicePage() {
  const { t } = useTranslation()
  const shell = useShellGameProps('dice')
  const live = useLiveTablesShell()
  const proof = useBetProofParam()
  return (
    <section className="game-page" data-testid="page.dice">
      <h1 className="game-page__title" data-testid="page.title">
        {t('pages:dice.title')}
      </h1>
      {shell !== null && (
        <DiceGame
          {...shell.props}
          key={shell.key}
          live={live}
          proofBet={proof.proofBet}
          onProofClosed={proof.onProofClosed}
        />
      )}
    </section>
  )
}
