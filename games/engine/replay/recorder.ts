import {
  RECORDING_FORMAT,
  RECORDING_VERSION,
  ackEventName,
  failEventName,
  type RecordedEvent,
  type RecordedInput,
  type Recording,
} from './format'

/** The only thing a recorder needs from time: the stream tap supplies `Date` or `performance`. */
export interface RecorderClock {
  now(): number
}

/** Settings of one recording session. */
export interface RecorderOptions {
  service: string
  protocolVersion: number
  clock: RecorderClock
  meta?: Recording['meta']
}

/** Collects a session as it happens; `toRecording()` gives the file content. */
export interface Recorder {
  /** A server message (stream event) arrived. */
  received(name: string, payload: unknown): void
  /** A command was sent to the server. */
  sent(name: string, payload: unknown): void
  /** The server answered command `command` (socket.io ack). */
  acked(command: string, payload: unknown): void
  /** Command `command` got no answer (timeout or dropped connection). */
  failed(command: string, reason: string): void
  /** The player did something the machine (or the machine `to`, e.g. `autobet`) was told about. */
  input(intent: { type: string; [key: string]: unknown }, to?: string): void
  toRecording(): Recording
}

/**
 * Starts a recording at `clock.now()`. Payloads are deep-copied through JSON on the way in, so what
 * is kept is exactly what the file will hold and later mutation by the app cannot change it.
 */
export function createRecorder(options: RecorderOptions): Recorder {
  const startedAt = Math.round(options.clock.now())
  const events: RecordedEvent[] = []
  const inputs: RecordedInput[] = []
  let seq = 0
  const at = () => Math.max(0, Math.round(options.clock.now()) - startedAt)
  const copy = (value: unknown): unknown =>
    value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as unknown)
  const push = (dir: RecordedEvent['dir'], name: string, payload: unknown) => {
    events.push({ seq: seq++, at: at(), dir, name, payload: copy(payload) })
  }

  return {
    received: (name, payload) => push('in', name, payload),
    sent: (name, payload) => push('out', name, payload),
    acked: (command, payload) => push('in', ackEventName(command), payload),
    failed: (command, reason) => push('in', failEventName(command), reason),
    input: (intent, to) => {
      const entry = { seq: seq++, at: at(), intent: copy(intent) as RecordedInput['intent'] }
      inputs.push(to === undefined ? entry : { ...entry, to })
    },
    toRecording: () => ({
      format: RECORDING_FORMAT,
      version: RECORDING_VERSION,
      service: options.service,
      protocolVersion: options.protocolVersion,
      startedAt,
      ...(options.meta ? { meta: options.meta } : {}),
      events: [...events],
      inputs: [...inputs],
    }),
  }
}
