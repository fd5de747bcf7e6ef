/**
 * The Verification modal's flow (SPEC.md sections 2 and 4): shows the player's KYC phase and,
 * while it is pending, refreshes the profile every {@link VERIFICATION_POLL_MS} so a decision
 * shows up without a reload. The machine lives as long as the modal: closing the modal stops
 * the actor and with it the polling timer.
 *
 * evaluating → signedOut | start | pending (waiting ⇄ refreshing) | failed | success, and
 * advancing (sandbox only: POST /sandbox/kyc `{ status: 'next' }`, then a profile refresh).
 * The profile call and the sandbox call are provided actors (src/features/verification/app.ts).
 */
import { assign, fromPromise, setup } from 'xstate'

import { isApiError, type ApiFailure } from '../api'
import type { User } from '../../contract'
import { verificationPhase } from './verification.status'

/**
 * How often a pending verification refreshes the profile: 5 s, the deposit status interval of
 * SPEC.md section 4. A review takes minutes to days, so this is about the modal feeling live
 * when the reviewer (or the sandbox button) decides, at one small GET per 5 s while open.
 */
export const VERIFICATION_POLL_MS = 5000

/** The user's verification block, or null for a visitor. */
export type VerificationData = User['verification'] | null

/** What the machine is created with: the session user's verification. */
export interface VerificationInput {
  readonly verification: VerificationData
}

/** A failed call, for the modal to explain. */
export type VerificationProblem =
  { readonly type: 'failure'; readonly failure: ApiFailure } | { readonly type: 'unexpected' }

/** The machine's context. */
export interface VerificationContext {
  readonly verification: VerificationData
  /** Why the last sandbox step failed, if it did. */
  readonly problem: VerificationProblem | null
}

/** Events the modal sends. */
export type VerificationEvent =
  /** The session store holds another user object (a refresh elsewhere, log-in, log-out). */
  | { readonly type: 'USER'; readonly verification: VerificationData }
  /** Sandbox: ask the sandbox reviewer for the next step. */
  | { readonly type: 'ADVANCE' }

/** The phase of a verification block, `signedOut` for a visitor. */
export function phaseOf(verification: VerificationData) {
  return verification === null ? 'signedOut' : verificationPhase(verification)
}

function problemOf(error: unknown): VerificationProblem {
  return isApiError(error) ? { type: 'failure', failure: error.failure } : { type: 'unexpected' }
}

/** The verification machine. Provide its actors before use. */
export const verificationMachine = setup({
  types: {
    context: {} as VerificationContext,
    events: {} as VerificationEvent,
    input: {} as VerificationInput,
  },
  actors: {
    /** GET /profile/user; the app edge also puts the user into the session store. */
    refreshUser: fromPromise<User, void>(async () => {
      throw new Error('[verification] provide the refreshUser actor')
    }),
    /** POST /sandbox/kyc { status: 'next' } (sandbox mode only). */
    advanceKyc: fromPromise<void, void>(async () => {
      throw new Error('[verification] provide the advanceKyc actor')
    }),
  },
  actions: {
    keepUser: assign((_, params: { verification: VerificationData }) => ({
      verification: params.verification,
    })),
    keepProblem: assign((_, params: { error: unknown }) => ({ problem: problemOf(params.error) })),
    clearProblem: assign({ problem: null }),
  },
  guards: {
    signedOut: ({ context }) => phaseOf(context.verification) === 'signedOut',
    start: ({ context }) => phaseOf(context.verification) === 'start',
    pending: ({ context }) => phaseOf(context.verification) === 'pending',
    failed: ({ context }) => phaseOf(context.verification) === 'failed',
    phaseChanged: ({ context }, params: { verification: VerificationData }) =>
      phaseOf(context.verification) !== phaseOf(params.verification),
  },
}).createMachine({
  id: 'verification',
  initial: 'evaluating',
  context: ({ input }) => ({ verification: input.verification, problem: null }),
  on: {
    USER: [
      {
        guard: { type: 'phaseChanged', params: ({ event }) => event },
        target: '.evaluating',
        actions: { type: 'keepUser', params: ({ event }) => event },
      },
      // Same phase (e.g. init → waiting): keep polling on the running timer.
      { actions: { type: 'keepUser', params: ({ event }) => event } },
    ],
  },
  states: {
    evaluating: {
      always: [
        { guard: 'signedOut', target: 'signedOut' },
        { guard: 'start', target: 'start' },
        { guard: 'pending', target: 'pending' },
        { guard: 'failed', target: 'failed' },
        { target: 'success' },
      ],
    },
    signedOut: {},
    start: { on: { ADVANCE: 'advancing' } },
    pending: {
      initial: 'waiting',
      on: { ADVANCE: 'advancing' },
      states: {
        waiting: { after: { [VERIFICATION_POLL_MS]: 'refreshing' } },
        refreshing: {
          invoke: {
            src: 'refreshUser',
            onDone: {
              target: '#verification.evaluating',
              actions: {
                type: 'keepUser',
                params: ({ event }) => ({ verification: event.output.verification }),
              },
            },
            // A missed refresh is retried at the next interval; the modal keeps what it shows.
            onError: { target: 'waiting' },
          },
        },
      },
    },
    failed: { on: { ADVANCE: 'advancing' } },
    success: {},
    advancing: {
      initial: 'asking',
      entry: 'clearProblem',
      states: {
        asking: {
          invoke: {
            src: 'advanceKyc',
            onDone: { target: 'refreshing' },
            onError: {
              target: '#verification.evaluating',
              actions: { type: 'keepProblem', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        refreshing: {
          invoke: {
            src: 'refreshUser',
            onDone: {
              target: '#verification.evaluating',
              actions: {
                type: 'keepUser',
                params: ({ event }) => ({ verification: event.output.verification }),
              },
            },
            onError: {
              target: '#verification.evaluating',
              actions: { type: 'keepProblem', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
  },
})

/** The machine type, for the app edge that provides it. */
export type VerificationMachine = typeof verificationMachine
