/**
 * Password reset from the mailed link /reset-password/{token} (SPEC.md sections 2 and 7):
 *
 * checking (email/token/check) → form → resetting (email/reset/token) → done, with `invalid`
 * when the server no longer knows the token (used, expired, mistyped) and `checkFailed` when the
 * check could not be made (network), which the player may retry. Bad input never leaves the
 * browser. Side effects are named actors and actions supplied with `.provide()`
 * (src/features/password/machines.ts).
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate'

import type { SuccessResponse, TokenCheckResponse } from '../../contract'
import {
  isClean,
  resetFailure,
  validateNewPassword,
  withoutField,
  type NewPassword,
  type ResetField,
  type ResetFieldErrors,
  type ResetMessage,
} from './passwordReset.fields'

/** What the machine is created with. */
export interface PasswordResetLinkInput {
  /** The link token from the path. */
  readonly token: string
}

/** The machine's context. */
export interface PasswordResetLinkContext extends PasswordResetLinkInput {
  readonly fieldErrors: ResetFieldErrors
  readonly formError: ResetMessage | null
  /** Failed attempts so far, rejected input included (the form moves focus on each). */
  readonly failures: number
}

/** Events the page sends. */
export type PasswordResetLinkEvent =
  | { readonly type: 'RESET'; readonly input: NewPassword }
  | { readonly type: 'RETRY' }
  | { readonly type: 'EDIT'; readonly field: ResetField }

const noErrors = { fieldErrors: {}, formError: null } as const

const rejection = ({ event }: { event: { error: unknown } }) => ({ error: event.error })

/** The reset-by-link machine. Provide its actors and side-effect actions before use. */
export const passwordResetLinkMachine = setup({
  types: {
    context: {} as PasswordResetLinkContext,
    events: {} as PasswordResetLinkEvent,
    input: {} as PasswordResetLinkInput,
  },
  actors: {
    /** email/token/check. */
    checkToken: fromPromise<TokenCheckResponse, { readonly token: string }>(async () => {
      throw new Error('[passwordResetLink] provide the checkToken actor')
    }),
    /** email/reset/token. */
    resetPassword: fromPromise<SuccessResponse, NewPassword & { readonly token: string }>(
      async () => {
        throw new Error('[passwordResetLink] provide the resetPassword actor')
      },
    ),
  },
  actions: {
    /** Shows the translated success notice. */
    notifySuccess: () => {
      throw new Error('[passwordResetLink] provide the notifySuccess action')
    },
    /** Sends the player to log in with the new password (the Login modal). */
    openLogin: () => {
      throw new Error('[passwordResetLink] provide the openLogin action')
    },
    clearErrors: assign(noErrors),
    countFailure: assign({ failures: ({ context }) => context.failures + 1 }),
    clearFieldError: assign(({ context, event }) => {
      assertEvent(event, 'EDIT')
      return { fieldErrors: withoutField(context.fieldErrors, event.field) }
    }),
    showFailure: assign((_, params: { error: unknown }) => {
      const failure = resetFailure(params.error, ['password', 'passwordConfirm'])
      return { fieldErrors: failure.fieldErrors, formError: failure.formError }
    }),
  },
  guards: {
    passwordValid: ({ event }) => {
      assertEvent(event, 'RESET')
      return isClean(validateNewPassword(event.input))
    },
    tokenInvalid: (_, params: { error: unknown }) => resetFailure(params.error).tokenInvalid,
  },
}).createMachine({
  id: 'passwordResetLink',
  initial: 'checking',
  context: ({ input }) => ({ token: input.token, ...noErrors, failures: 0 }),
  on: { EDIT: { actions: 'clearFieldError' } },
  states: {
    checking: {
      invoke: {
        src: 'checkToken',
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: 'form' },
        onError: [
          { guard: { type: 'tokenInvalid', params: rejection }, target: 'invalid' },
          { target: 'checkFailed', actions: { type: 'showFailure', params: rejection } },
        ],
      },
    },
    checkFailed: { on: { RETRY: { target: 'checking', actions: 'clearErrors' } } },
    form: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            RESET: [
              { guard: 'passwordValid', target: 'resetting', actions: 'clearErrors' },
              {
                actions: [
                  'countFailure',
                  assign(({ event }) => ({
                    fieldErrors: validateNewPassword(event.input),
                    formError: null,
                  })),
                ],
              },
            ],
          },
        },
        // No RESET here: a second press while the first runs sends nothing.
        resetting: {
          invoke: {
            src: 'resetPassword',
            input: ({ context, event }) => {
              assertEvent(event, 'RESET')
              return { token: context.token, ...event.input }
            },
            onDone: { target: '#passwordResetLink.done' },
            onError: [
              {
                guard: { type: 'tokenInvalid', params: rejection },
                target: '#passwordResetLink.invalid',
              },
              {
                target: 'idle',
                actions: ['countFailure', { type: 'showFailure', params: rejection }],
              },
            ],
          },
        },
      },
    },
    /** The link is used, expired or unknown: the page offers to start again. */
    invalid: { type: 'final' },
    done: { type: 'final', entry: ['notifySuccess', 'openLogin'] },
  },
})

/** The machine type, for the app edge that provides it. */
export type PasswordResetLinkMachine = typeof passwordResetLinkMachine
