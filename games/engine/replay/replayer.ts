import {
  type Actor,
  type AnyStateMachine,
  type ContextFrom,
  type EventFromLogic,
  type SnapshotFrom,
  type StateValue,
} from 'xstate'
import {
  ackEventName,
  failEventName,
  type RecordedEvent,
  type RecordedInput,
  type Recording,
} from './format'
import { VirtualClock } from './virtualClock'

/**
 * How a machine's command actor reaches the server: `request` resolves with the server's ack or
 * rejects on a transport failure. The stream client implements it over socket.io; the replayer
 * implements it from the recording.
 */
export interface CommandTransport {
  request(name: string, payload: unknown): Promise<unknown>
}

/** What the replayer hands to `createActor`: the virtual clock and the recorded server. */
export interface ReplayDeps {
  clock: VirtualClock
  transport: CommandTransport
}

/** How to drive one machine with one recording. */
export interface ReplayOptions<TMachine extends AnyStateMachine> {
  recording: Recording
  /** Builds (not starts) the actor, with `clock` in its options and `transport` behind its commands. */
  createActor(deps: ReplayDeps): Actor<TMachine>
  /** Turns an incoming stream event into a machine event, or null to skip it. Acks never get here. */
  toEvent(event: RecordedEvent): EventFromLogic<TMachine> | null
  /** Turns a recorded input into a machine event; by default the intent is sent as it is. */
  toIntent?(input: RecordedInput): EventFromLogic<TMachine>
  /**
   * Delivers an input recorded with `to` (another machine of the session, e.g. `autobet`, made
   * and linked in `createActor`); a recording with such inputs cannot be replayed without it.
   */
  sendTo?(to: string, intent: RecordedInput['intent']): void
}

/** One distinct state value and the virtual time (ms since start) it was entered. */
export interface TimelineEntry {
  at: number
  value: StateValue
}

/** What a replay produced: every distinct state value in order, and where the machine ended. */
export interface ReplayResult<TMachine extends AnyStateMachine> {
  timeline: TimelineEntry[]
  /** `timeline` values only, for terse assertions. */
  states: StateValue[]
  snapshot: SnapshotFrom<TMachine>
  context: ContextFrom<TMachine>
}

interface PendingRequest {
  name: string
  payload: unknown
  verified: boolean
  settled: boolean
  resolve(value: unknown): void
  reject(error: Error): void
}

/**
 * JSON with sorted keys: recorded payloads went through JSON, so this is the equality that counts
 * (the stateful verifier compares a recomputed outcome with the recorded one by it too).
 */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : 1)))
      : inner,
  )
}

/**
 * Promise callbacks (a command actor's resolution reaching its parent) run as microtasks; a
 * bounded number of turns lets them land before the next recorded entry without real timers.
 */
async function settleMicrotasks(): Promise<void> {
  for (let turn = 0; turn < 50; turn++) await Promise.resolve()
}

/**
 * Replays a recording through an actor at full speed on a `VirtualClock`: for each entry
 * in `seq` order the clock is set to its time (firing due `after` delays), stream events and inputs
 * are sent, recorded commands are checked against what the machine really sent (a divergence
 * throws, so a changed machine cannot silently pass an old recording), and recorded acks answer them.
 */
export async function replay<TMachine extends AnyStateMachine>(
  options: ReplayOptions<TMachine>,
): Promise<ReplayResult<TMachine>> {
  const { recording } = options
  const clock = new VirtualClock()
  const requests: PendingRequest[] = []
  const transport: CommandTransport = {
    request: (name, payload) =>
      new Promise((resolve, reject) => {
        requests.push({ name, payload, verified: false, settled: false, resolve, reject })
      }),
  }
  const actor = options.createActor({ clock, transport })
  const timeline: TimelineEntry[] = []
  let failure: unknown = null
  const note = (value: StateValue) => {
    const last = timeline.at(-1)
    if (!last || canonical(last.value) !== canonical(value)) {
      timeline.push({ at: clock.now(), value })
    }
  }
  const subscription = actor.subscribe({
    next: (snapshot) => note(valueOf(snapshot)),
    error: (error) => {
      failure = error
    },
  })
  actor.start()
  note(valueOf(actor.getSnapshot()))

  const entries = [
    ...recording.events.map((event) => ({ kind: 'event' as const, event })),
    ...recording.inputs.map((input) => ({ kind: 'input' as const, input })),
  ].sort((a, b) => seqOf(a) - seqOf(b))

  const answer = (
    command: string,
    entry: RecordedEvent,
    settle: (request: PendingRequest) => void,
  ) => {
    const request = requests.find((r) => r.name === command && r.verified && !r.settled)
    if (!request) {
      throw new Error(`[Replay] seq ${entry.seq}: reply "${entry.name}" to a command never sent`)
    }
    request.settled = true
    settle(request)
  }

  for (const entry of entries) {
    const at = entry.kind === 'event' ? entry.event.at : entry.input.at
    clock.advanceTo(at)
    await settleMicrotasks()
    if (entry.kind === 'input' && entry.input.to !== undefined) {
      if (!options.sendTo) {
        throw new Error(
          `[Replay] seq ${entry.input.seq}: an input to "${entry.input.to}", no sendTo`,
        )
      }
      options.sendTo(entry.input.to, entry.input.intent)
    } else if (entry.kind === 'input') {
      const intent = options.toIntent
        ? options.toIntent(entry.input)
        : (entry.input.intent as EventFromLogic<TMachine>)
      actor.send(intent)
    } else {
      const event = entry.event
      if (event.dir === 'out') {
        const request = requests.find((r) => !r.verified)
        if (
          !request ||
          request.name !== event.name ||
          canonical(request.payload) !== canonical(event.payload)
        ) {
          throw new Error(
            `[Replay] seq ${event.seq}: recorded command ${event.name} ${canonical(event.payload)}, machine sent ${
              request ? `${request.name} ${canonical(request.payload)}` : 'nothing'
            }`,
          )
        }
        request.verified = true
      } else if (event.name.endsWith(ackEventName(''))) {
        answer(event.name.slice(0, -ackEventName('').length), event, (r) =>
          r.resolve(event.payload),
        )
      } else if (event.name.endsWith(failEventName(''))) {
        const message = typeof event.payload === 'string' ? event.payload : 'transport failure'
        answer(event.name.slice(0, -failEventName('').length), event, (r) =>
          r.reject(new Error(message)),
        )
      } else {
        const machineEvent = options.toEvent(event)
        if (machineEvent) actor.send(machineEvent)
      }
    }
    await settleMicrotasks()
    if (failure) break
  }

  subscription.unsubscribe()
  const snapshot = actor.getSnapshot() as SnapshotFrom<TMachine>
  actor.stop()
  if (failure) {
    throw new Error(`[Replay] the actor failed: ${String(failure)}`, { cause: failure })
  }
  const unsent = requests.filter((r) => !r.verified)
  if (unsent.length > 0) {
    throw new Error(
      `[Replay] the machine sent commands the recording does not have: ${unsent.map((r) => r.name).join(', ')}`,
    )
  }
  return {
    timeline,
    states: timeline.map((entry) => entry.value),
    snapshot,
    context: (snapshot as { context: ContextFrom<TMachine> }).context,
  }
}

function seqOf(
  entry: { kind: 'event'; event: RecordedEvent } | { kind: 'input'; input: RecordedInput },
) {
  return entry.kind === 'event' ? entry.event.seq : entry.input.seq
}

/** A state machine snapshot's value; `SnapshotFrom` of a generic machine does not expose it. */
function valueOf(snapshot: unknown): StateValue {
  return (snapshot as { value: StateValue }).value
}
