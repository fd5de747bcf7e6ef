/**
 * Confirming a signed-in account's e-mail or phone with the code the server sent at
 * registration (POST /auth/email/verify/code, /auth/phone/verify/code; resending is
 * authCode.machine.ts). What a player expects: the code field has focus, six digits and Enter
 * confirm, a wrong code says so on the field and may be typed again, and on success the
 * account is marked confirmed (the user is fetched again) and the step closes.
 *
 * idle → verifying → refreshing → confirmed, and failure on bad input or a refused code.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate'

import type { SuccessResponse, User } from '../../contract'
import {
  checkCode,
  collect,
  isClean,
  splitFailure,
  type AuthMessage,
  type FieldMessages,
} from './authForm'

interface ConfirmContext {
  readonly fieldErrors: FieldMessages<'code'>
  readonly formError: AuthMessage | null
  readonly failures: number
}

/** Events the form sends. */
export type ConfirmEvent =
  | { readonly type: 'SUBMIT'; readonly code: string }
  | { readonly type: 'EDIT'; readonly field: 'code' }

const validate = (code: string) => collect<'code'>({ code: checkCode(code) })
const noErrors = { fieldErrors: {}, formError: null } as const

/** The confirmation machine. Provide its actors and actions before use. */
export const confirmContactMachine = setup({
  types: { context: {} as ConfirmContext, events: {} as ConfirmEvent },
  actors: {
    /** POST /auth/{email,phone}/verify/code { code }. */
    confirm: fromPromise<SuccessResponse, { code: string }>(async () => {
      throw new Error('[confirmContact] provide the confirm actor')
    }),
    /** GET /profile/user: the user now shows the contact as confirmed. */
    fetchUser: fromPromise<User, void>(async () => {
      throw new Error('[confirmContact] provide the fetchUser actor')
    }),
  },
  actions: {
    /** Confirmed: close the step (and tell the player). */
    confirmed: () => {
      throw new Error('[confirmContact] provide the confirmed action')
    },
    rejectInput: assign(({ event }) => {
      assertEvent(event, 'SUBMIT')
      return { fieldErrors: validate(event.code), formError: null }
    }),
    clearErrors: assign(noErrors),
    countFailure: assign({ failures: ({ context }) => context.failures + 1 }),
  },
  guards: {
    inputValid: ({ event }) => {
      assertEvent(event, 'SUBMIT')
      return isClean(validate(event.code))
    },
  },
}).createMachine({
  id: 'confirmContact',
  initial: 'idle',
  context: { ...noErrors, failures: 0 },
  on: { EDIT: { actions: assign(noErrors) } },
  states: {
    idle: {
      on: {
        SUBMIT: [
          { guard: 'inputValid', target: 'verifying', actions: 'clearErrors' },
          { target: 'failure', actions: 'rejectInput' },
        ],
      },
    },
    verifying: {
      invoke: {
        src: 'confirm',
        input: ({ event }) => {
          assertEvent(event, 'SUBMIT')
          return { code: event.code.trim() }
        },
        onDone: 'refreshing',
        onError: {
          target: 'failure',
          actions: assign(({ event }) => splitFailure(event.error, ['code'] as const)),
        },
      },
    },
    refreshing: {
      // The code is accepted either way; a failed fetch only delays the badge.
      invoke: { src: 'fetchUser', onDone: 'confirmed', onError: 'confirmed' },
    },
    failure: {
      entry: 'countFailure',
      on: {
        SUBMIT: [
          { guard: 'inputValid', target: 'verifying', actions: 'clearErrors' },
          { target: 'failure', reenter: true, actions: 'rejectInput' },
        ],
      },
    },
    confirmed: { type: 'final', entry: 'confirmed' },
  },
})

/** The machine type, for the app edge that provides it. */
export type ConfirmContactMachine = typeof confirmContactMachine
