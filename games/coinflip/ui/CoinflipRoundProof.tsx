import { useTranslation } from 'react-i18next'
import type { MoneyLocale } from '../../engine/money'
import type { LoadStatefulProof } from '../../kit/stateful/proof'
import { LazyStatefulRoundProof as StatefulRoundProof } from '../../kit/stateful/ui/LazyStatefulRoundProof'
import {
  coinflipStatefulRules,
  type CoinflipAction,
  type CoinflipOutcome,
  type CoinflipParams,
  type CoinflipReveal,
} from '../protocol'
import { SIDE_KEYS } from './coinflipText'

/** Props of `CoinflipRoundProof`. */
export interface CoinflipRoundProofProps {
  roundId: string
  load: LoadStatefulProof<CoinflipParams, CoinflipAction, CoinflipOutcome, CoinflipReveal>
  locale: MoneyLocale
  onClose: () => void
}

/**
 * Any coinflip round's proof, opened by its id: the kit's stateful proof, each flip as its call
 * and the side it landed on, and, once the round has ended, the sides it flipped; every flip is
 * replayed in the browser with coinflip's own rules.
 */
export function CoinflipRoundProof(props: CoinflipRoundProofProps) {
  const { t } = useTranslation()
  return (
    <StatefulRoundProof
      game="coinflip"
      roundId={props.roundId}
      load={props.load}
      locale={props.locale}
      rules={coinflipStatefulRules}
      onClose={props.onClose}
      stepText={({ action, outcome }) =>
        t('coinflip:proof.step', {
          call: t(SIDE_KEYS[action.call]),
          side: outcome ? t(SIDE_KEYS[outcome.side]) : '',
        })
      }
      rows={(proof) =>
        proof.reveal ? (
          <>
            <dt>{t('coinflip:proof.sides')}</dt>
            <dd data-testid="coinflip.proof-sides">
              {proof.reveal.sides.map((side) => t(SIDE_KEYS[side])).join(' ')}
            </dd>
          </>
        ) : null
      }
    />
  )
}
