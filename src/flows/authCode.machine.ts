/**
 * Sending a one-time code and offering to send it again (log-in by code, confirming a new
 * account's e-mail or phone). The server answers `resend_in`, the seconds before another code
 * may be asked for; the machine counts them down one second at a time with XState delays, so
 * the form shows "Send again in 0:42" and enables the button when it reaches zero. A 429 with
 * `retry_after` (asked too early, e.g. from another tab) starts the same countdown.
 *
 * idle → sending → cooling → ready → sending..., and failed on bad input or a refused call.
 * The call is the `sendCode` actor, provided at the app edge per use (log-in code, log-in code
 * resend, signed-in confirmation resend).
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate'

import type { CodeSentResponse } from '../../contract'
import { checkEmail, checkPhone, retryAfterOf, splitFailure, type AuthMessage } from './authForm'

/** Where the code goes. */
export type CodeChannel = 'email' | 'phone'

/** What the `sendCode` actor is given. */
export interface SendCodeRequest {
  readonly channel: CodeChannel
  /** The address (trimmed e-mail or E.164 phone); null for a signed-in account's own contact. */
  readonly address: string | null
  /** False for the first code to this address, true for "send again". */
  readonly resend: boolean
}

interface AuthCodeContext {
  /** Seconds until another code may be asked for. */
  readonly resendIn: number
  /** Where the last code went (the first send of another address is not a resend). */
  readonly sentTo: string | null
  /** Codes sent so far. */
  readonly sent: number
  /** The channel of the code being sent. */
  readonly channel: CodeChannel
  /** Whether the code being sent is a "send again". */
  readonly resending: boolean
  /** Why the last request was not sent or was refused; null when it was sent. */
  readonly error: AuthMessage | null
}

/** Events the form sends. */
export type AuthCodeEvent =
  | {
      readonly type: 'SEND'
      readonly channel: CodeChannel
      /** null: the signed-in account's own contact (nothing to check). */
      readonly address: string | null
    }
  /** The address changed: the next code is a first one again. */
  | { readonly type: 'RESET' }

/** What the machine is created with: a countdown already running (a code was just sent). */
export interface AuthCodeInput {
  readonly resendIn?: number
}

const SECOND_MS = 1000

/** The address check of the channel, or undefined when it may be sent. */
export function checkAddress(
  channel: CodeChannel,
  address: string | null,
): AuthMessage[] | undefined {
  if (address === null) return undefined
  return channel === 'email' ? checkEmail(address) : checkPhone(address)
}

/** The code-sending machine. Provide `sendCode` before use. */
export const authCodeMachine = setup({
  types: {
    context: {} as AuthCodeContext,
    events: {} as AuthCodeEvent,
    input: {} as AuthCodeInput,
  },
  actors: {
    sendCode: fromPromise<CodeSentResponse, SendCodeRequest>(async () => {
      throw new Error('[authCode] provide the sendCode actor')
    }),
  },
  actions: {
    rejectAddress: assign(({ event }) => {
      assertEvent(event, 'SEND')
      const [first] = checkAddress(event.channel, event.address) ?? []
      return { error: first ?? null }
    }),
    tick: assign({ resendIn: ({ context }) => Math.max(0, context.resendIn - 1) }),
  },
  guards: {
    addressValid: ({ event }) => {
      assertEvent(event, 'SEND')
      return checkAddress(event.channel, event.address) === undefined
    },
    counting: ({ context }) => context.resendIn > 0,
  },
}).createMachine({
  id: 'authCode',
  context: ({ input }) => ({
    resendIn: input.resendIn ?? 0,
    sentTo: null,
    sent: 0,
    channel: 'email',
    resending: false,
    error: null,
  }),
  initial: 'start',
  on: { RESET: { target: '.idle', actions: assign({ resendIn: 0, sentTo: null, error: null }) } },
  states: {
    start: { always: [{ guard: 'counting', target: 'cooling' }, { target: 'idle' }] },
    idle: {
      on: {
        SEND: [
          { guard: 'addressValid', target: 'sending' },
          { target: 'failed', actions: 'rejectAddress' },
        ],
      },
    },
    sending: {
      entry: assign(({ context, event }) => {
        assertEvent(event, 'SEND')
        const address = event.address === null ? null : event.address.trim()
        return {
          error: null,
          channel: event.channel,
          resending: context.sent > 0 && context.sentTo === address,
          sentTo: address,
        }
      }),
      invoke: {
        src: 'sendCode',
        input: ({ context }) => ({
          channel: context.channel,
          address: context.sentTo,
          resend: context.resending,
        }),
        onDone: {
          target: 'cooling',
          actions: assign(({ context, event }) => ({
            resendIn: event.output.resend_in,
            sent: context.sent + 1,
          })),
        },
        onError: [
          {
            // Asked too early: wait as the server says, the earlier code still works.
            guard: ({ event }) => retryAfterOf(event.error) !== undefined,
            target: 'cooling',
            actions: assign(({ context, event }) => ({
              resendIn: retryAfterOf(event.error) ?? 0,
              sent: context.sent + 1,
            })),
          },
          {
            target: 'failed',
            actions: assign({
              error: ({ event }) => {
                const { fieldErrors, formError } = splitFailure(event.error, ['email', 'phone'])
                return formError ?? fieldErrors.email?.[0] ?? fieldErrors.phone?.[0] ?? null
              },
            }),
          },
        ],
      },
    },
    cooling: {
      always: { guard: ({ context }) => context.resendIn <= 0, target: 'ready' },
      after: { [SECOND_MS]: { target: 'cooling', reenter: true, actions: 'tick' } },
    },
    ready: {
      on: {
        SEND: [
          { guard: 'addressValid', target: 'sending' },
          { target: 'failed', actions: 'rejectAddress' },
        ],
      },
    },
    failed: {
      on: {
        SEND: [
          { guard: 'addressValid', target: 'sending' },
          { target: 'failed', reenter: true, actions: 'rejectAddress' },
        ],
      },
    },
  },
})

/** The machine type, for the app edge that provides it. */
export type AuthCodeMachine = typeof authCodeMachine
