/**
 * The public proof of a stateful round (`GET /api/games/<game>/rounds/:id`), from its rows: an
 * ended round with everything to verify it, an open one with its steps so far and no secret. The
 * rules' reveal is read from the state only once the round has left `open`; the seed pair's server
 * seed only once the pair is retired, as an instant bet's proof has it (rotation is refused while
 * a round is open, so an open round's pair is never retired).
 */
import type { StatefulRoundProofResponse } from '../../../../contract'
import type { Minor } from '../../../../games/engine/money'
import type { StatefulRules } from '../../../../games/kit/stateful/rules'
import type { Queryable } from '../../../db/db'
import { stepsOf, type RoundRow } from './store'

type ProofRow = Pick<
  RoundRow,
  | 'id'
  | 'game'
  | 'amount'
  | 'currency'
  | 'params'
  | 'state'
  | 'status'
  | 'multiplier'
  | 'payout'
  | 'end_reason'
  | 'nonce'
  | 'client_seed'
  | 'created_at'
  | 'server_seed_hash'
> & { ended_at: number | null; server_seed: string | null }

// The client seed is the round's own (a player may change the pair's once the round is over).
const PROOF = `SELECT r.id, r.game, r.amount, r.currency, r.params, r.state, r.status,
    r.multiplier, r.payout, r.end_reason, r.nonce, r.client_seed, r.created_at, r.ended_at,
    p.server_seed_hash, CASE WHEN p.status = 'retired' THEN p.server_seed END AS server_seed
  FROM stateful_rounds r JOIN seed_pairs p ON p.id = r.seed_pair_id
  WHERE r.id = $1 AND r.game = $2`

const iso = (ms: number) => new Date(ms).toISOString()

/** The proof of round `id` of `game`, or null when the game has no such round. */
export async function roundProof(
  db: Queryable,
  game: { readonly id: string },
  rules: Pick<StatefulRules<unknown, unknown, unknown, unknown, unknown, unknown>, 'reveal'>,
  id: string,
): Promise<StatefulRoundProofResponse | null> {
  const [row] = await db.query<ProofRow>(PROOF, [id, game.id])
  if (!row) return null
  const steps = (await stepsOf(db, row.id)).map((s) => ({
    step: s.step,
    action: s.action,
    outcome: s.outcome,
    multiplier: s.multiplier,
    created_at: iso(s.created_at),
  }))
  const common = {
    id: row.id,
    game: row.game,
    amount: row.amount as Minor,
    currency: row.currency,
    params: row.params,
    steps,
    multiplier: row.multiplier,
    server_seed_hash: row.server_seed_hash,
    client_seed: row.client_seed,
    nonce: row.nonce,
    created_at: iso(row.created_at),
  }
  if (row.status === 'open' || row.payout === null) {
    // Nothing the rules keep secret, and no seed that would let anyone draw the rest.
    return {
      ...common,
      status: 'open',
      payout: null,
      end_reason: null,
      reveal: null,
      server_seed: null,
      ended_at: null,
    }
  }
  return {
    ...common,
    status: row.payout > 0 ? 'won' : 'lost',
    payout: row.payout as Minor,
    end_reason: row.end_reason,
    reveal: rules.reveal(row.state),
    server_seed: row.server_seed,
    ended_at: row.ended_at === null ? null : iso(row.ended_at),
  }
}
