import { useActorRef, useSelector } from '@xstate/react'
import { useEffect } from 'react'
import type { SnapshotFrom } from 'xstate'
import type { Minor } from '../../../engine/money'
import type {
  InstantAutobetMachine,
  InstantAutobetSettings,
  InstantAutobetStopReason,
} from '../autobet.machine'
import { newCommandKey } from '../../stream/commandKey'
import { linkInstantAutobet, type InstantRoundLike } from '../autobetLink'

/** An instant auto-bet run as the panel shows it (from the machine's snapshot). */
export interface InstantAutobetStatus {
  running: boolean
  played: number
  /** Bets of the current or last run; null: unlimited, or no run yet. */
  bets: number | null
  /** Whether a run has started since the page opened. */
  started: boolean
  /** Net result of the run in minor units: payouts minus stakes. */
  net: number
  /** The amount of the bet in flight or the next one; null before a run. */
  amount: Minor | null
  stopReason: InstantAutobetStopReason | null
}

/** An instant game's auto-bet, as its panel uses it. */
export interface InstantAutobetControl<P> {
  status: InstantAutobetStatus
  onStart: (settings: InstantAutobetSettings<P>) => void
  onStop: () => void
}

/**
 * Runs the game's instant auto-bet machine beside its round actor, linked
 * (`linkInstantAutobet`) for as long as the component lives, and tells it when the tab is hidden
 * (a run must not go on where the player cannot see it). `machine` must be a module constant.
 */
export function useInstantAutobet<P>(
  round: InstantRoundLike<P>,
  machine: InstantAutobetMachine<P>,
): InstantAutobetControl<P> {
  const autobet = useActorRef(machine)
  useEffect(() => linkInstantAutobet({ round, autobet, newKey: newCommandKey }), [round, autobet])
  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') autobet.send({ type: 'HIDDEN' })
    }
    document.addEventListener('visibilitychange', onVisibility)
    return () => document.removeEventListener('visibilitychange', onVisibility)
  }, [autobet])
  const status = useSelector(autobet, statusOf<P>, sameStatus)
  return {
    status,
    onStart: (settings) => autobet.send({ type: 'START', settings }),
    onStop: () => autobet.send({ type: 'STOP' }),
  }
}

function statusOf<P>(snapshot: SnapshotFrom<InstantAutobetMachine<P>>): InstantAutobetStatus {
  const { settings, played, net, amount, stopReason } = snapshot.context
  return {
    running: snapshot.matches('on'),
    played,
    bets: settings?.bets ?? null,
    started: settings !== null,
    net,
    amount,
    stopReason,
  }
}

const sameStatus = (a: InstantAutobetStatus, b: InstantAutobetStatus) =>
  a.running === b.running &&
  a.played === b.played &&
  a.bets === b.bets &&
  a.started === b.started &&
  a.net === b.net &&
  a.amount === b.amount &&
  a.stopReason === b.stopReason
