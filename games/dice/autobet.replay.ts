/**
 * A recorded dice auto-bet run (tests/recordings, `npm run record -- dice-autobet`) replayed
 * through the machines as the page links them: the auto-bet machine gets the recorded START, its
 * bets reach the round machine through the kit's link (`linkInstantAutobet`) with the recording's
 * keys, and each bet the round machine sends is checked against the recorded command.
 */
import { createActor, type SnapshotFrom } from 'xstate'
import type { Currency, Minor } from '../engine/money'
import { replay, type Recording, type ReplayResult } from '../engine/replay'
import { linkInstantAutobet } from '../kit/instant/autobetLink'
import type { CommandKey } from '../kit/protocol'
import { diceClient } from './client'

const { autobetMachine: diceAutobetMachine, roundMachine: diceRoundMachine } = diceClient

/** The input name of the auto-bet machine in a recording (`to` of its inputs). */
export const AUTOBET_INPUT = 'autobet'

/** The idempotency key of the n-th bet (1-based) of a recorded run. */
export const recordedBetKey = (n: number) =>
  `rec-dice-auto-${String(n).padStart(4, '0')}` as CommandKey

/** What a replay of a dice auto-bet run gives: the round machine's replay and auto-bet's end. */
export interface DiceAutobetReplay {
  round: ReplayResult<typeof diceRoundMachine>
  autobet: SnapshotFrom<typeof diceAutobetMachine>
}

/** Replays `recording` from a player with `start` money in `currency`. */
export async function replayDiceAutobet(
  recording: Recording,
  start: { currency: Currency; balance: Minor },
): Promise<DiceAutobetReplay> {
  const autobet = createActor(diceAutobetMachine)
  let unlink = () => {}
  const round = await replay({
    recording,
    createActor: ({ clock, transport }) => {
      const actor = createActor(
        diceRoundMachine.provide({ actors: diceClient.commandActors(transport) }),
        {
          clock,
          input: start,
        },
      )
      autobet.start()
      let n = 0
      unlink = linkInstantAutobet({ round: actor, autobet, newKey: () => recordedBetKey(++n) })
      return actor
    },
    toEvent: (event) => diceClient.eventFromStream(event.name, event.payload),
    sendTo: (to, intent) => {
      if (to !== AUTOBET_INPUT) throw new Error(`[dice replay] an input to "${to}"`)
      autobet.send(intent as Parameters<typeof autobet.send>[0])
    },
  })
  unlink()
  const snapshot = autobet.getSnapshot()
  autobet.stop()
  return { round, autobet: snapshot }
}
