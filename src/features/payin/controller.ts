/**
 * Keeps one PayIn flow per page: it outlives its modal while an invoice is being created or
 * paid, so closing PayIn does not stop the status polling and reopening it shows the same
 * invoice. Otherwise closing PayIn discards the flow and the next opening starts afresh with
 * newly loaded methods. A log-out or another account discards it too.
 */
import { createActor, type Actor } from 'xstate'

import type { PayInMachine } from '../../flows/payIn.machine'
import { useModals } from '../../stores/modals'
import { useSession } from '../../stores/session'
import { newDepositKey } from './machine'

/** A running PayIn flow. */
export type PayInActor = Actor<PayInMachine>

let current: { actor: PayInActor; userId: number | null } | null = null
let watching = false

function discard(): void {
  current?.actor.stop()
  current = null
}

/**
 * True while the flow holds nothing worth keeping: no invoice is being created or paid. A flow
 * reaching `paid` is left alone (it ends by itself, and its own entry actions close PayIn).
 */
function idle(actor: PayInActor): boolean {
  const snapshot = actor.getSnapshot()
  return (['loading', 'loadFailed', 'unavailable', 'form', 'failed'] as const).some((state) =>
    snapshot.matches(state),
  )
}

function watch(): void {
  if (watching) return
  watching = true
  useModals.subscribe((state, previous) => {
    if (previous.current === 'PayIn' && state.current !== 'PayIn' && current && idle(current.actor))
      discard()
  })
  useSession.subscribe((state) => {
    if (current && (state.user?.id ?? null) !== current.userId) discard()
  })
}

/** The page's PayIn flow, started with `machine` when there is none (or it has ended). */
export function payInActor(machine: PayInMachine): PayInActor {
  watch()
  if (current && current.actor.getSnapshot().status === 'active') return current.actor
  const actor = createActor(machine, { input: { newKey: newDepositKey } })
  current = { actor, userId: useSession.getState().user?.id ?? null }
  actor.start()
  return actor
}
