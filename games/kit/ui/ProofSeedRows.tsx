import { useKitText } from './kitText'

/** The seed pair and nonce a bet or a round was drawn from, as its proof shows them. */
export interface ProofSeeds {
  clientSeed: string
  nonce: number
  serverSeedHash: string
  /** Null until the player rotates the pair. */
  serverSeed: string | null
}

/**
 * The proof's rows (`<dt>`/`<dd>` pairs, inside the proof's `<dl>`) of the seed pair and the nonce,
 * the same for an instant bet and a stateful round: the server seed stays secret until rotated.
 */
export function ProofSeedRows({ game, seeds }: { game: string; seeds: ProofSeeds }) {
  const t = useKitText(game)
  return (
    <>
      <dt>{t('kit:proof.clientSeed')}</dt>
      <dd>
        <code>{seeds.clientSeed}</code>
      </dd>
      <dt>{t('kit:proof.nonce')}</dt>
      <dd>{seeds.nonce}</dd>
      <dt>{t('kit:proof.serverSeedHash')}</dt>
      <dd>
        <code>{seeds.serverSeedHash}</code>
      </dd>
      <dt>{t('kit:proof.serverSeed')}</dt>
      <dd>
        <code>{seeds.serverSeed ?? t('kit:proof.secret')}</code>
      </dd>
    </>
  )
}
