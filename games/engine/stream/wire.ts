/**
 * The stream's own wire conventions, shared by every game service (pure zod, no socket code, so it
 * can move to a shared pure module when the server needs to import it):
 *
 * - A server event carries exactly one payload argument, parsed with the game's event schema.
 * - A command is `emit(name, request, ack)`. The stream adds the caller's idempotency key to the
 *   request as `key` (the game's request schema declares it where it matters, e.g. bets); the
 *   server applies a key once and answers a repeat with the first answer.
 * - The ack is the game's ack payload, or a refusal shaped `{ type: 'error', code, message? }`
 *   (insufficient balance, betting closed...), which becomes a `rejected` result.
 * - The stream sends two commands of its own: `time` acks `{ serverTime }` (server clock in ms
 *   since the Unix epoch) for the offset estimate; `resync` acks `{}` and is followed by the game's
 *   snapshot event (a protocol may name its own command for this, see GameProtocol.resync).
 */
import { z } from 'zod/mini'

/** An ack that refuses the command; extra fields (a protocol version...) are allowed. */
export const CommandRejection = z.object({
  type: z.literal('error'),
  code: z.string().check(z.minLength(1)),
  message: z.optional(z.string()),
})
/** An ack that refuses the command. */
export type CommandRejection = z.infer<typeof CommandRejection>

/** Reserved command: server clock for the NTP-style offset estimate. */
export const TimeCommand = {
  request: z.object({}),
  ack: z.object({ serverTime: z.number() }),
} as const

/** Reserved command: ask for a full snapshot after a reconnection that lost state. */
export const ResyncCommand = {
  request: z.object({}),
  ack: z.object({}),
} as const

/** Command names the stream sends itself; a game protocol may not declare them. */
export const reservedCommands = ['time', 'resync'] as const
