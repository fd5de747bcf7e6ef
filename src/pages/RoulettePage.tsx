import { useTranslation } from 'react-i18next'
import { RouletteGame } from '../../games/roulette'
import { useBetProofParam } from './betProofParam'
import { useLiveTablesShell, useShellGameProps } from './gamePageProps'

/**
 * /games/roulette: European roulette, an instant game on the `general` service, full width.
 * Guests see the wheel and the table; a signed-in player places chips and spins. `?bet=<id>`
 * opens that spin's proof, recomputed in the browser (profile history links use it, and the live
 * tables under the game, fed by the `general` service).
 */
export function RoulettePage() {
  const { t } = useTranslation()
  const shell = useShellGameProps('general')
  const live = useLiveTablesShell()
  const proof = useBetProofParam()
  return (
    <section className="game-page" data-testid="page.roulette">
      <h1 className="game-page__title" data-testid="page.title">
        {t('pages:roulette.title')}
      </h1>
      {shell !== null && (
        <RouletteGame
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
