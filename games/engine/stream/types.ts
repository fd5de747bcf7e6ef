/**
 * Value types the stream hands to its consumers: connection state, command results, errors,
 * reconnection notices and tap records. Plain data, no behaviour, so machines and tests can
 * construct them directly.
 */
import type { z } from 'zod/mini'

/** Time source injected into the stream; milliseconds, any epoch (wall clock or monotonic). */
export interface StreamClock {
  now(): number
}

/** Where the socket stands, for a UI badge. */
export type ConnectionStatus = 'connecting' | 'online' | 'reconnecting' | 'offline'

/**
 * Snapshot of the connection for `useSyncExternalStore`: a new object only when something changed.
 * `rttMs` is the median round trip of the latest clock estimate (null before the first one);
 * `resyncing` is true from a reconnection that lost state until the game's snapshot arrives.
 */
export interface ConnectionState {
  readonly status: ConnectionStatus
  readonly rttMs: number | null
  readonly resyncing: boolean
}

/** Idempotency key carried by every command, so a resend after reconnection is applied once. */
export type IdempotencyKey = string & { readonly __brand: 'IdempotencyKey' }

/** A fresh random idempotency key: a UUID v4 from Web Crypto (browsers and Node 20). */
export function newIdempotencyKey(): IdempotencyKey {
  const { crypto } = globalThis
  // randomUUID exists only in secure contexts; a phone testing the dev server over a LAN address
  // is not one, but getRandomValues works everywhere.
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID() as IdempotencyKey
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}` as IdempotencyKey
}

/** Outcome of a command: the parsed ack, a timeout, or a rejection by the server. */
export type CommandResult<Ack> =
  | { readonly type: 'ok'; readonly ack: Ack; readonly key: IdempotencyKey }
  | { readonly type: 'timeout'; readonly key: IdempotencyKey }
  | {
      readonly type: 'rejected'
      readonly key: IdempotencyKey
      /** Server error code (e.g. `insufficient-balance`), or `malformed-ack` when the ack broke the protocol. */
      readonly code: string
      readonly message?: string
    }

/** Something went wrong on the wire; the offending data was dropped. */
export type StreamError =
  | { readonly type: 'unknown-event'; readonly name: string; readonly payload: unknown }
  | {
      readonly type: 'invalid-event'
      readonly name: string
      readonly payload: unknown
      readonly issues: readonly z.core.$ZodIssue[]
    }
  | {
      readonly type: 'malformed-ack'
      readonly command: string
      readonly payload: unknown
      readonly issues: readonly z.core.$ZodIssue[]
    }
  | { readonly type: 'connect-rejected'; readonly message: string }
  | { readonly type: 'resync-failed'; readonly result: 'timeout' | 'rejected' }

/**
 * Told after every reconnection: `recovered` means socket.io replayed the missed events in order;
 * `resync` means state was lost, so discard derived state and wait for the game's snapshot event.
 */
export type ReconnectInfo = { readonly type: 'recovered' } | { readonly type: 'resync' }

/**
 * One record of the tap, in wire order, timed by the injected clock. Shaped so a replay recorder
 * can plug in: `onTap(({ at, dir, name, payload }) => ...)`.
 */
export type TapRecord =
  | {
      readonly kind: 'event'
      readonly dir: 'in'
      readonly at: number
      readonly name: string
      /** As received, before parsing. */
      readonly payload: unknown
      /** True when the event was unknown or failed its schema and was not delivered. */
      readonly dropped: boolean
    }
  | {
      readonly kind: 'command'
      readonly dir: 'out'
      readonly at: number
      readonly name: string
      readonly payload: unknown
      readonly key: IdempotencyKey
      /** 1 for the first send, 2+ for resends after a reconnection. */
      readonly attempt: number
    }
  | {
      readonly kind: 'ack'
      readonly dir: 'in'
      readonly at: number
      readonly name: string
      /** The ack as received; null on timeout. */
      readonly payload: unknown
      readonly key: IdempotencyKey
      readonly outcome: CommandResult<unknown>['type']
    }

/** Removes the listener it was returned for. */
export type Unsubscribe = () => void
