import { useTranslation } from 'react-i18next'
import type { LoadInstantBetProof } from '../../kit/instant/ui/betProof'
import { InstantBetProof } from '../../kit/instant/ui/InstantBetProof'
import { diceRules, formatHundredths, type DiceOutcome, type DiceParams } from '../rules'

/** Loads one dice bet's proof (`instantBetProofLoader` with dice's schemas, or a test's fake). */
export type LoadDiceBetProof = LoadInstantBetProof<DiceParams, DiceOutcome>

/** Props of `DiceBetProof`. */
export interface DiceBetProofProps {
  betId: string
  load: LoadDiceBetProof
  onClose: () => void
}

/** Any dice bet's proof, opened by its id: the kit's instant proof with the roll and the target. */
export function DiceBetProof({ betId, load, onClose }: DiceBetProofProps) {
  const { t } = useTranslation()
  return (
    <InstantBetProof
      game="dice"
      betId={betId}
      load={load}
      rules={diceRules}
      outcomeText={(outcome) => formatHundredths(outcome.roll)}
      onClose={onClose}
      rows={(proof) => (
        <>
          <dt>{t('dice:proof.roll')}</dt>
          <dd data-testid="dice.proof-roll">{formatHundredths(proof.outcome.roll)}</dd>
          <dt>{t('dice:proof.target')}</dt>
          <dd>
            {t(proof.params.direction === 'over' ? 'dice:fields.over' : 'dice:fields.under')}{' '}
            {formatHundredths(proof.params.target)}
          </dd>
        </>
      )}
    />
  )
}
