import { z } from 'zod/mini'

/** The `format` tag every recording file carries, so a stray JSON file is rejected early. */
export const RECORDING_FORMAT = 'tessera-recording'

/** Version of the recording file layout (not of a game's wire protocol, which is `protocolVersion`). */
export const RECORDING_VERSION = 1

/**
 * Global order of an entry across `events` and `inputs`. Times are whole milliseconds, so an input
 * and a stream event often share one `at`; `seq` says which came first, keeping a replay exact.
 */
const seqSchema = z.number().check(z.int(), z.nonnegative())

/** Milliseconds since the recording started, on the recording client's clock. */
const atSchema = z.number().check(z.nonnegative())

/** One socket message: `in` from the server (events and command acks), `out` to it (commands). */
export const recordedEventSchema = z.object({
  seq: seqSchema,
  at: atSchema,
  dir: z.enum(['in', 'out']),
  name: z.string().check(z.minLength(1)),
  payload: z.unknown(),
})

/**
 * One player intent as the machine received it (`{ type: 'BET', ... }`). `to` names another
 * machine of the session that received it instead of the round machine: `autobet` for an instant
 * game's auto-bet, whose bets then reach the round machine through the app edge (the replay
 * links the same machines, so those bets are checked against the recorded commands).
 */
export const recordedInputSchema = z.object({
  seq: seqSchema,
  at: atSchema,
  to: z.optional(z.string().check(z.minLength(1))),
  intent: z.looseObject({ type: z.string().check(z.minLength(1)) }),
})

/** A recorded session of one game service: the stream both ways plus the player's inputs. */
export const recordingSchema = z.object({
  format: z.literal(RECORDING_FORMAT),
  version: z.literal(RECORDING_VERSION),
  /** The game service, e.g. `crash`. */
  service: z.string().check(z.minLength(1)),
  /** The game's wire protocol version (`v` in its messages) the stream was recorded with. */
  protocolVersion: z.number().check(z.int(), z.positive()),
  /** Client wall-clock time (epoch ms) at which recording started. */
  startedAt: z.number().check(z.int(), z.nonnegative()),
  /** Free text: what the session shows and how it was produced (`generated` or `live`). */
  meta: z.optional(
    z.object({
      description: z.string(),
      source: z.enum(['generated', 'live']),
    }),
  ),
  events: z.array(recordedEventSchema),
  inputs: z.array(recordedInputSchema),
})

/** A recording file, parsed. */
export type Recording = z.infer<typeof recordingSchema>
/** One recorded socket message. */
export type RecordedEvent = z.infer<typeof recordedEventSchema>
/** One recorded player intent. */
export type RecordedInput = z.infer<typeof recordedInputSchema>

/** Name under which the reply (socket.io ack) to command `command` is recorded, e.g. `bet:ack`. */
export const ackEventName = (command: string): string => `${command}:ack`

/** Name under which a transport failure of command `command` (timeout, drop) is recorded. */
export const failEventName = (command: string): string => `${command}:fail`

/**
 * Parses a recording, rejecting unknown formats and versions with a message that says which.
 * Entries must be ordered by `seq` with non-decreasing `at`, since the replayer trusts that order.
 */
export function parseRecording(data: unknown): Recording {
  const result = recordingSchema.safeParse(data)
  if (!result.success) {
    throw new Error(
      `[Replay] not a version ${RECORDING_VERSION} recording: ${result.error.message}`,
    )
  }
  const entries = [...result.data.events, ...result.data.inputs].sort((a, b) => a.seq - b.seq)
  entries.forEach((entry, index) => {
    const previous = entries[index - 1]
    if (previous && (previous.seq === entry.seq || previous.at > entry.at)) {
      throw new Error(`[Replay] entries out of order at seq ${entry.seq}`)
    }
  })
  return result.data
}
