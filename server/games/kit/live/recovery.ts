/**
 * The order in which a live game's start deals with whatever a previous process left open, its
 * gates taken one after the other. What each gate decides is the game's (crash: recovery.ts); the
 * order is the kit's, because every rule below leans on the gates before it:
 *
 * 1. Rounds under way (past their open phase, not ended): their end was never written, so nobody
 *    saw it. The game ends them now (crash: aborted) before anything reads the rounds.
 * 2. Bets the ledger and the row disagree on: a bet written but never held is refused, a hold the
 *    ledger already closed brings its row in line (kit BetBook.reconcile). Neither moves money.
 * 3. Bets whose round still takes bets (it reopens) or has no row yet (queued): they stand, and
 *    the new loop gets them back with their first answer.
 * 4. Bets of a round that ended (or was ended at gate 1): the game settles them by its rules.
 *
 * The next round to open is the latest one if it still takes bets (reopened with a fresh window),
 * else the one after it.
 */

/** A round row as the gates read it. */
export interface RecoveredRound {
  /** The round's number in its sequence (crash: its game of the chain). */
  game: number
}

/** An open bet row as the gates read it (kit/bets.ts `StoredBet`). */
export interface RecoveredBet {
  game: number
  hold_id: number | null
}

/** What a game lends the gates; see the module comment for the order they run in. */
export interface RecoveryGates<Round extends RecoveredRound, Bet extends RecoveredBet, Standing> {
  /** The rounds under way, in order (crash: `running`). */
  roundsUnderWay(): Promise<Round[]>
  /** Gate 1: ends a round under way; nobody saw it end. */
  endUnderWay(round: Round): Promise<void>
  latestRound(): Promise<Round | null>
  roundAt(game: number): Promise<Round | null>
  /** True while `round` takes bets: it reopens (crash: `betting`). */
  takesBets(round: Round): boolean
  /** The bets whose money is not settled, oldest first. */
  openBets(): Promise<Bet[]>
  /** Gate 2: the bet's hold id once its row agrees with the ledger, or null: nothing to decide. */
  reconcile(bet: Bet): Promise<number | null>
  /** Gate 3: a bet that keeps standing, as the new loop holds it. */
  stand(bet: Bet & { hold_id: number }, latest: Round | null): Promise<Standing>
  /** Gate 4: settles a bet of a round that ended. */
  settle(bet: Bet & { hold_id: number }, round: Round): Promise<void>
}

/** What the gates hand the new loop. */
export interface LiveRecovered<Standing> {
  /** The round to open first. */
  next: number
  /** Bets that keep standing (a reopened or a queued round). */
  standing: Standing[]
}

/** Runs the gates in order; see the module comment. */
export async function recoverLive<Round extends RecoveredRound, Bet extends RecoveredBet, Standing>(
  gates: RecoveryGates<Round, Bet, Standing>,
): Promise<LiveRecovered<Standing>> {
  for (const round of await gates.roundsUnderWay()) await gates.endUnderWay(round)
  const latest = await gates.latestRound()
  const rounds = new Map<number, Round | null>()
  const roundOf = async (game: number) => {
    if (!rounds.has(game)) rounds.set(game, await gates.roundAt(game))
    return rounds.get(game) ?? null
  }

  const standing: Standing[] = []
  for (const bet of await gates.openBets()) {
    const holdId = await gates.reconcile(bet)
    if (holdId === null) continue
    const held = { ...bet, hold_id: holdId }
    const round = await roundOf(held.game)
    if (!round || gates.takesBets(round)) standing.push(await gates.stand(held, latest))
    else await gates.settle(held, round)
  }

  const next = !latest ? 1 : gates.takesBets(latest) ? latest.game : latest.game + 1
  return { next, standing }
}
