import { useTranslation } from 'react-i18next'
import { RISK_NAMES } from './riskNames'
import type { LoadInstantBetProof } from '../../kit/instant/ui/betProof'
import { InstantBetProof } from '../../kit/instant/ui/InstantBetProof'
import { hitsOf, kenoRules, type KenoOutcome, type KenoParams } from '../rules'

/** Loads one keno bet's proof (`instantBetProofLoader` with keno's schemas, or a test's fake). */
export type LoadKenoBetProof = LoadInstantBetProof<KenoParams, KenoOutcome>

/** Props of `KenoBetProof`. */
export interface KenoBetProofProps {
  betId: string
  load: LoadKenoBetProof
  onClose: () => void
}

/** Any keno bet's proof, opened by its id: the kit's instant proof with the draw and the picks. */
export function KenoBetProof({ betId, load, onClose }: KenoBetProofProps) {
  const { t } = useTranslation()
  return (
    <InstantBetProof
      game="keno"
      betId={betId}
      load={load}
      rules={kenoRules}
      outcomeText={(outcome) => outcome.drawn.join(' ')}
      onClose={onClose}
      rows={(proof) => (
        <>
          <dt>{t('keno:proof.drawn')}</dt>
          <dd data-testid="keno.proof-drawn">{proof.outcome.drawn.join(' ')}</dd>
          <dt>{t('keno:proof.picks')}</dt>
          <dd>{proof.params.picks.join(' ')}</dd>
          <dt>{t('keno:proof.hits')}</dt>
          <dd>{hitsOf(proof.params.picks, proof.outcome.drawn).length}</dd>
          <dt>{t('keno:proof.risk')}</dt>
          <dd>{t(RISK_NAMES[proof.params.risk])}</dd>
        </>
      )}
    />
  )
}
