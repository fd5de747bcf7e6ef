import type { ReactNode } from 'react'
import { formatMoney, type Minor, type MoneyLocale } from '../../../engine/money'
import { useKitText } from '../../ui/kitText'
import { lazyModule } from '../../ui/lazyModule'
import { ProofDialog } from '../../ui/ProofDialog'
import { ProofSeedRows } from '../../ui/ProofSeedRows'
import { useVerifiedProof } from '../../ui/useVerifiedProof'
import type { LoadStatefulProof, StatefulProof, StatefulProofStep } from '../proof'
import type { EndReason } from '../protocol'
import { multiplierText } from './StatefulBetPanel'
import type { InstantMultiplier } from '../../instant/protocol'
import type { StatefulRules } from '../rules'
import type { StatefulProof as VerifiedProof, StatefulVerdict } from '../verify'

/** The verifier and its hashing, fetched when a proof is first opened, not with the page. */
const roundVerifier = lazyModule(() => import('../verify'))

/** The end of a round as the proof names it. */
const END_KEYS: Record<EndReason, string> = {
  lost: 'kit:stateful.proof.ended.lost',
  cashout: 'kit:stateful.proof.ended.cashout',
  cap: 'kit:stateful.proof.ended.cap',
  complete: 'kit:stateful.proof.ended.complete',
  expired: 'kit:stateful.proof.ended.expired',
}

/** The verdict's text of every status but a mismatch (which names its step, if one differs). */
const VERDICT_KEYS = {
  open: 'kit:stateful.proof.open',
  unrevealed: 'kit:proof.unrevealed',
  badSeed: 'kit:proof.badSeed',
  verified: 'kit:stateful.proof.verified',
} as const satisfies Record<
  Exclude<StatefulVerdict<unknown, unknown>['status'], 'mismatch'>,
  string
>

/** The published proof as the verifier reads it: the wire's round fields, a payout once ended. */
function forVerifier<P, A, O, R>(proof: StatefulProof<P, A, O, R>): VerifiedProof<P, A, O, R> {
  return {
    ...proof,
    multiplier: proof.multiplier as InstantMultiplier,
    payout: (proof.payout ?? 0) as Minor,
    steps: proof.steps.map((s) => ({ ...s, multiplier: s.multiplier as InstantMultiplier })),
  }
}

/** Props of `StatefulRoundProof`. */
export interface StatefulRoundProofProps<P, A, O, R> {
  /** Test ids read `<game>.proof`, `<game>.proof-step`, `<game>.proof-verdict`. */
  game: string
  roundId: string
  load: LoadStatefulProof<P, A, O, R>
  locale: MoneyLocale
  /** The game's rules: the same the server played the round with (`verify.ts` replays them). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the state and view are the rules' own
  rules: StatefulRules<P, any, A, O, any, R>
  /** A step's action and outcome as the game names them (`tile 7: gem`, `higher: 8♠`). */
  stepText: (step: StatefulProofStep<A, O> & { action: A }) => string
  /** The game's own rows of the proof (`<dt>`/`<dd>` pairs): its params and, once ended, reveal. */
  rows: (proof: StatefulProof<P, A, O, R>) => ReactNode
  onClose: () => void
}

const isCashout = (action: unknown): action is { kind: 'cashout' } =>
  typeof action === 'object' && action !== null && (action as { kind?: unknown }).kind === 'cashout'

/**
 * Any stateful round's proof, opened by its id: the game's rows, the stake, the status (in
 * progress, or how it ended) and the payout, every step with its result, the seed pair and the
 * nonce; then each step replayed here, in the browser, with the same rules, once the round has
 * ended and its pair is rotated. An open round shows its steps so far and says it is open.
 */
export function StatefulRoundProof<P, A, O, R>(props: StatefulRoundProofProps<P, A, O, R>) {
  const { game, locale } = props
  const t = useKitText(game)
  const { proof, verifier, dialog } = useVerifiedProof(
    game,
    props.roundId,
    props.load,
    roundVerifier,
  )
  const verdict =
    proof && verifier ? verifier.verifyStatefulRound(props.rules, forVerifier(proof)) : null
  // Each replayed step's agreement, and the first step that differs (none: the end differs).
  const replayed = verdict && 'steps' in verdict ? verdict.steps : []
  const differs = replayed.find((s) => !s.matches)?.step ?? null
  const money = (value: number) => formatMoney(value as Minor, proof?.currency ?? 'RUB', locale)
  const multiplier = (value: number) => multiplierText(value, locale)
  return (
    <ProofDialog {...dialog} title={t('kit:stateful.proof.title')} onClose={props.onClose}>
      {proof && verdict ? (
        <>
          <dl data-testid={`${game}.proof`} data-status={proof.status}>
            {props.rows(proof)}
            <dt>{t('kit:stateful.proof.stake')}</dt>
            <dd>{money(proof.amount)}</dd>
            <dt>{t('kit:stateful.proof.status')}</dt>
            <dd data-testid={`${game}.proof-status`}>
              {proof.status === 'open' || proof.endReason === null
                ? t('kit:stateful.proof.inProgress')
                : t(END_KEYS[proof.endReason])}
            </dd>
            {proof.status === 'open' ? null : (
              <>
                <dt>{t('kit:stateful.proof.payout')}</dt>
                <dd>{`${money(proof.payout ?? 0)} (${multiplier(proof.multiplier)})`}</dd>
              </>
            )}
            <ProofSeedRows game={game} seeds={proof} />
          </dl>
          <h3>{t('kit:stateful.proof.steps')}</h3>
          <ol className="game-dialog__steps">
            {proof.steps.map((step) => {
              const same = replayed.find((r) => r.step === step.step)?.matches
              return (
                <li
                  key={step.step}
                  data-testid={`${game}.proof-step`}
                  data-step={step.step}
                  data-check={same === undefined ? '' : same ? 'same' : 'other'}
                >
                  {`${t('kit:stateful.proof.step', { step: step.step })}: ${
                    isCashout(step.action)
                      ? t('kit:stateful.proof.cashout')
                      : props.stepText({ ...step, action: step.action })
                  }, ${multiplier(step.multiplier)}`}
                  {same === undefined
                    ? null
                    : ` (${t(same ? 'kit:stateful.proof.stepVerified' : 'kit:stateful.proof.stepMismatch')})`}
                </li>
              )
            })}
          </ol>
          <p
            className={
              verdict.status === 'verified'
                ? 'game-dialog__ok'
                : verdict.status === 'badSeed' || verdict.status === 'mismatch'
                  ? 'game-dialog__bad'
                  : undefined
            }
            data-testid={`${game}.proof-verdict`}
            data-status={verdict.status}
          >
            {verdict.status !== 'mismatch'
              ? t(VERDICT_KEYS[verdict.status])
              : differs === null
                ? t('kit:stateful.proof.mismatchEnd')
                : t('kit:stateful.proof.mismatch', { step: differs })}
          </p>
        </>
      ) : null}
    </ProofDialog>
  )
}
