import { useTranslation } from 'react-i18next'
import { formatDecimal, type MoneyLocale } from '../../engine/money'
import type { LoadInstantBetProof } from '../../kit/instant/ui/betProof'
import { InstantBetProof } from '../../kit/instant/ui/InstantBetProof'
import { diceRules, type DiceOutcome, type DiceParams } from '../rules'

/** Loads one dice bet's proof (`instantBetProofLoader` with dice's schemas, or a test's fake). */
export type LoadDiceBetProof = LoadInstantBetProof<DiceParams, DiceOutcome>

/** Props of `DiceBetProof`. */
export interface DiceBetProofProps {
  betId: string
  load: LoadDiceBetProof
  onClose: () => void
  /** The player's number format: the roll and the target read `49,50` in ru and kz. */
  locale: MoneyLocale
}

/** Any dice bet's proof, opened by its id: the kit's instant proof with the roll and the target. */
export function DiceBetProof({ betId, load, onClose, locale }: DiceBetProofProps) {
  const { t } = useTranslation()
  const hundredths = (value: number) => formatDecimal(value / 100, locale)
  return (
    <InstantBetProof
      game="dice"
      betId={betId}
      load={load}
      rules={diceRules}
      outcomeText={(outcome) => hundredths(outcome.roll)}
      onClose={onClose}
      rows={(proof) => (
        <>
          <dt>{t('dice:proof.roll')}</dt>
          <dd data-testid="dice.proof-roll">{hundredths(proof.outcome.roll)}</dd>
          <dt>{t('dice:proof.target')}</dt>
          <dd data-testid="dice.proof-target">
            {t(proof.params.direction === 'over' ? 'dice:fields.over' : 'dice:fields.under')}{' '}
            {hundredths(proof.params.target)}
          </dd>
        </>
      )}
    />
  )
}
