import type { ReactNode } from 'react'
import type { InstantRules } from '../rules'
import type { InstantBetProofOf, LoadInstantBetProof } from './betProof'
import { useKitText } from '../../ui/kitText'
import { lazyModule } from '../../ui/lazyModule'
import { ProofDialog } from '../../ui/ProofDialog'
import { ProofSeedRows } from '../../ui/ProofSeedRows'
import { useVerifiedProof } from '../../ui/useVerifiedProof'

/** The verifier and its hashing, fetched when a proof is first opened, not with the page. */
const betVerifier = lazyModule(() => import('../verify'))

/** Props of `InstantBetProof`. */
export interface InstantBetProofProps<P, O> {
  /** Test ids read `<game>.proof`, `<game>.proof-verdict`, `<game>.fairness-dialog`. */
  game: string
  betId: string
  load: LoadInstantBetProof<P, O>
  /** The game's rules: the same code the server settled the bet with. */
  rules: InstantRules<P, O>
  /** An outcome as the verdict names it (dice: `42.17`; roulette: `17 red`). */
  outcomeText: (outcome: O) => string
  /** The game's own rows of the proof (`<dt>`/`<dd>` pairs): what was bet and what came. */
  rows: (proof: InstantBetProofOf<P, O>) => ReactNode
  onClose: () => void
}

/**
 * Any instant bet's proof, opened by its id: the game's rows, then the seed pair and nonce it
 * was drawn from, and the outcome recomputed here, in the browser, once the pair is rotated and
 * the server seed revealed.
 */
export function InstantBetProof<P, O>(props: InstantBetProofProps<P, O>) {
  const { game } = props
  const t = useKitText(game)
  const { proof, verifier, dialog } = useVerifiedProof(game, props.betId, props.load, betVerifier)
  const verdict = proof && verifier ? verifier.verifyInstantBet(props.rules, proof) : null
  return (
    <ProofDialog {...dialog} title={t('kit:proof.title')} onClose={props.onClose}>
      {proof && verdict ? (
        <>
          <dl data-testid={`${game}.proof`}>
            {props.rows(proof)}
            <ProofSeedRows game={game} seeds={proof} />
          </dl>
          <p
            className={
              verdict.status === 'verified'
                ? 'game-dialog__ok'
                : verdict.status === 'unrevealed'
                  ? undefined
                  : 'game-dialog__bad'
            }
            data-testid={`${game}.proof-verdict`}
            data-status={verdict.status}
          >
            {verdict.status === 'verified'
              ? t('kit:proof.verified', { outcome: props.outcomeText(verdict.outcome) })
              : verdict.status === 'unrevealed'
                ? t('kit:proof.unrevealed')
                : verdict.status === 'badSeed'
                  ? t('kit:proof.badSeed')
                  : t('kit:proof.mismatch', { outcome: props.outcomeText(verdict.outcome) })}
          </p>
        </>
      ) : null}
    </ProofDialog>
  )
}
