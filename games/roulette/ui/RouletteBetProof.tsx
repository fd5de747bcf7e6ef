import { useTranslation } from 'react-i18next'
import { formatMoney, type Currency, type MoneyLocale } from '../../engine/money'
import type { LoadInstantBetProof } from '../../kit/instant/ui/betProof'
import { InstantBetProof } from '../../kit/instant/ui/InstantBetProof'
import { rouletteRules, type RouletteOutcome, type RouletteParams } from '../rules'
import { useBetName, usePocketName } from './names'

/** Loads one roulette spin's proof (`instantBetProofLoader` with roulette's schemas, or a fake). */
export type LoadRouletteBetProof = LoadInstantBetProof<RouletteParams, RouletteOutcome>

/** Props of `RouletteBetProof`. */
export interface RouletteBetProofProps {
  betId: string
  load: LoadRouletteBetProof
  /** The money of the stakes as the page shows it (the proof carries no currency). */
  currency: Currency
  locale: MoneyLocale
  onClose: () => void
}

/** Any roulette spin's proof, opened by its id: the kit's instant proof with the pocket and bets. */
export function RouletteBetProof(props: RouletteBetProofProps) {
  const { t } = useTranslation()
  const pocketName = usePocketName()
  const betName = useBetName()
  const money = (value: number) => formatMoney(value as never, props.currency, props.locale)
  return (
    <InstantBetProof
      game="roulette"
      betId={props.betId}
      load={props.load}
      rules={rouletteRules}
      outcomeText={(outcome) => pocketName(outcome.pocket)}
      onClose={props.onClose}
      rows={(proof) => (
        <>
          <dt>{t('roulette:proof.pocket')}</dt>
          <dd data-testid="roulette.proof-pocket" data-pocket={proof.outcome.pocket}>
            {pocketName(proof.outcome.pocket)}
          </dd>
          <dt>{t('roulette:proof.bets')}</dt>
          <dd>
            <ul className="roulette-proof__bets">
              {proof.params.bets.map((bet, index) => (
                <li key={index}>{`${betName(bet)}: ${money(bet.amount)}`}</li>
              ))}
            </ul>
          </dd>
          <dt>{t('roulette:proof.payout')}</dt>
          <dd>{money(proof.payout)}</dd>
        </>
      )}
    />
  )
}
