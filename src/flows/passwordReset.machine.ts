/**
 * Password reset with a code (SPEC.md sections 2, 7 and 8), started on /password/reset:
 *
 * request (e-mail or phone) → requesting → code (enter it; resend after a countdown) →
 * confirming → [phone: checkingToken] → newPassword → resetting → done.
 *
 * The code confirm answers a reset token that the new password is sent with. By e-mail the mail
 * also carries a link, handled by passwordResetLink.machine.ts. An unusable reset token ends a
 * phone reset on /error (SPEC.md section 8) and an e-mail reset in `expired`, from which the
 * player starts again. Bad input never leaves the browser. The HTTP calls, the success notice,
 * the Login modal and the error page are named actors and actions supplied with `.provide()`
 * (src/features/password/machines.ts) and replaced by fakes in the test beside this file. The
 * resend countdown runs on XState `after` delays, so fake timers drive it.
 */
import { assertEvent, assign, fromPromise, not, setup } from 'xstate'

import type {
  CodeSentResponse,
  ResetTokenResponse,
  SuccessResponse,
  TokenCheckResponse,
} from '../../contract'
import {
  isClean,
  normalizeAddress,
  resetFailure,
  validateAddress,
  validateCode,
  validateNewPassword,
  withoutField,
  type NewPassword,
  type ResetChannel,
  type ResetField,
  type ResetFieldErrors,
  type ResetMessage,
} from './passwordReset.fields'

/** One countdown step. */
export const SECOND_MS = 1000

/** What the machine is created with. */
export interface PasswordResetInput {
  /** The tab shown first. */
  readonly channel?: ResetChannel
}

/** The machine's context. */
export interface PasswordResetContext {
  readonly channel: ResetChannel
  /** The address the code went to, as sent. */
  readonly address: string
  /** The token of the code confirm, sent with the new password. */
  readonly resetToken: string | null
  /** Seconds before another code may be asked for. */
  readonly resendIn: number
  readonly fieldErrors: ResetFieldErrors
  readonly formError: ResetMessage | null
  /** Failed attempts so far, rejected input included (the form moves focus on each). */
  readonly failures: number
}

/** Events the page sends. */
export type PasswordResetEvent =
  | { readonly type: 'CHANNEL'; readonly channel: ResetChannel }
  | { readonly type: 'REQUEST'; readonly address: string }
  | { readonly type: 'CONFIRM'; readonly code: string }
  | { readonly type: 'RESEND' }
  /** Back to the address form (another address, or after an expired reset). */
  | { readonly type: 'RESTART' }
  | { readonly type: 'RESET'; readonly input: NewPassword }
  | { readonly type: 'RETRY' }
  /** The player changed a field: its now stale messages go. */
  | { readonly type: 'EDIT'; readonly field: ResetField }

/** Input of the code-sending actor. */
export interface CodeRequest {
  readonly channel: ResetChannel
  readonly address: string
}

const noErrors = { fieldErrors: {}, formError: null } as const

/** Params of the failure action: the rejection and the fields the current form shows. */
interface FailureParams {
  readonly error: unknown
  readonly fields: readonly ResetField[]
}

const failed =
  (fields: readonly ResetField[]) =>
  ({ event }: { event: { error: unknown } }): FailureParams => ({ error: event.error, fields })

const rejection = ({ event }: { event: { error: unknown } }) => ({ error: event.error })

/** The reset-by-code machine. Provide its actors and side-effect actions before use. */
export const passwordResetMachine = setup({
  types: {
    context: {} as PasswordResetContext,
    events: {} as PasswordResetEvent,
    input: {} as PasswordResetInput,
  },
  actors: {
    /** email/forgot or phone/forgot. */
    requestCode: fromPromise<CodeSentResponse, CodeRequest>(async () => {
      throw new Error('[passwordReset] provide the requestCode actor')
    }),
    /** email/code/confirm or phone/code/confirm: the code for a reset token. */
    confirmCode: fromPromise<ResetTokenResponse, CodeRequest & { readonly code: string }>(
      async () => {
        throw new Error('[passwordReset] provide the confirmCode actor')
      },
    ),
    /** phone/token/check: is the reset token usable? */
    checkResetToken: fromPromise<TokenCheckResponse, { readonly token: string }>(async () => {
      throw new Error('[passwordReset] provide the checkResetToken actor')
    }),
    /** email/reset/code or phone/reset. */
    resetPassword: fromPromise<
      SuccessResponse,
      NewPassword & { readonly channel: ResetChannel; readonly resetToken: string }
    >(async () => {
      throw new Error('[passwordReset] provide the resetPassword actor')
    }),
  },
  actions: {
    /** Shows the translated success notice. */
    notifySuccess: () => {
      throw new Error('[passwordReset] provide the notifySuccess action')
    },
    /** Sends the player to log in with the new password (the Login modal). */
    openLogin: () => {
      throw new Error('[passwordReset] provide the openLogin action')
    },
    /** An invalid phone reset token goes to /error (SPEC.md section 8). */
    goToErrorPage: () => {
      throw new Error('[passwordReset] provide the goToErrorPage action')
    },
    clearErrors: assign(noErrors),
    countFailure: assign({ failures: ({ context }) => context.failures + 1 }),
    clearFieldError: assign(({ context, event }) => {
      assertEvent(event, 'EDIT')
      return { fieldErrors: withoutField(context.fieldErrors, event.field) }
    }),
    tick: assign({ resendIn: ({ context }) => Math.max(0, context.resendIn - 1) }),
    showFailure: assign((_, params: FailureParams) => {
      const failure = resetFailure(params.error, params.fields)
      return { fieldErrors: failure.fieldErrors, formError: failure.formError }
    }),
    /** Inside the server's cooldown: count down what it says is left. */
    waitAsAsked: assign(({ context }, params: { error: unknown }) => ({
      resendIn: resetFailure(params.error).retryAfter ?? context.resendIn,
    })),
  },
  guards: {
    addressValid: ({ context, event }) => {
      assertEvent(event, 'REQUEST')
      return isClean(validateAddress(context.channel, event.address))
    },
    codeValid: ({ event }) => {
      assertEvent(event, 'CONFIRM')
      return isClean(validateCode(event.code))
    },
    passwordValid: ({ event }) => {
      assertEvent(event, 'RESET')
      return isClean(validateNewPassword(event.input))
    },
    canResend: ({ context }) => context.resendIn === 0,
    counting: ({ context }) => context.resendIn > 0,
    byPhone: ({ context }) => context.channel === 'phone',
    tokenInvalid: (_, params: { error: unknown }) => resetFailure(params.error).tokenInvalid,
    phoneTokenInvalid: ({ context }, params: { error: unknown }) =>
      context.channel === 'phone' && resetFailure(params.error).tokenInvalid,
  },
}).createMachine({
  id: 'passwordReset',
  initial: 'request',
  context: ({ input }) => ({
    channel: input.channel ?? 'email',
    address: '',
    resetToken: null,
    resendIn: 0,
    ...noErrors,
    failures: 0,
  }),
  // The player may change a field in any state; a message about it is then out of date.
  on: { EDIT: { actions: 'clearFieldError' } },
  states: {
    request: {
      on: {
        CHANNEL: { actions: [assign({ channel: ({ event }) => event.channel }), 'clearErrors'] },
        REQUEST: [
          {
            guard: 'addressValid',
            target: 'requesting',
            actions: [
              'clearErrors',
              assign({
                address: ({ context, event }) => normalizeAddress(context.channel, event.address),
              }),
            ],
          },
          {
            actions: [
              'countFailure',
              assign(({ context, event }) => ({
                fieldErrors: validateAddress(context.channel, event.address),
                formError: null,
              })),
            ],
          },
        ],
      },
    },
    // No REQUEST here: a second press while the first runs sends nothing.
    requesting: {
      invoke: {
        src: 'requestCode',
        input: ({ context }) => ({ channel: context.channel, address: context.address }),
        onDone: {
          target: 'code',
          actions: assign({ resendIn: ({ event }) => event.output.resend_in }),
        },
        onError: {
          target: 'request',
          actions: ['countFailure', { type: 'showFailure', params: failed(['email', 'phone']) }],
        },
      },
    },
    code: {
      type: 'parallel',
      on: { RESTART: { target: 'request', actions: ['clearErrors', assign({ resendIn: 0 })] } },
      states: {
        form: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                CONFIRM: [
                  { guard: 'codeValid', target: 'confirming', actions: 'clearErrors' },
                  {
                    actions: [
                      'countFailure',
                      assign(({ event }) => ({ fieldErrors: validateCode(event.code) })),
                    ],
                  },
                ],
                RESEND: { guard: 'canResend', target: 'resending', actions: 'clearErrors' },
              },
            },
            confirming: {
              invoke: {
                src: 'confirmCode',
                input: ({ context, event }) => {
                  assertEvent(event, 'CONFIRM')
                  return { channel: context.channel, address: context.address, code: event.code }
                },
                onDone: [
                  {
                    guard: 'byPhone',
                    target: '#passwordReset.checkingToken',
                    actions: assign({ resetToken: ({ event }) => event.output.data.reset_token }),
                  },
                  {
                    target: '#passwordReset.newPassword',
                    actions: assign({ resetToken: ({ event }) => event.output.data.reset_token }),
                  },
                ],
                onError: {
                  target: 'idle',
                  actions: ['countFailure', { type: 'showFailure', params: failed(['code']) }],
                },
              },
            },
            resending: {
              invoke: {
                src: 'requestCode',
                input: ({ context }) => ({ channel: context.channel, address: context.address }),
                onDone: {
                  target: 'idle',
                  actions: assign({ resendIn: ({ event }) => event.output.resend_in }),
                },
                onError: {
                  target: 'idle',
                  actions: [
                    'countFailure',
                    { type: 'showFailure', params: failed([]) },
                    { type: 'waitAsAsked', params: rejection },
                  ],
                },
              },
            },
          },
        },
        countdown: {
          initial: 'running',
          states: {
            running: {
              always: { guard: not('counting'), target: 'stopped' },
              after: { [SECOND_MS]: { target: 'running', reenter: true, actions: 'tick' } },
            },
            stopped: { always: { guard: 'counting', target: 'running' } },
          },
        },
      },
    },
    // Phone only: a reset token the server no longer knows means /error (SPEC.md section 8).
    checkingToken: {
      invoke: {
        src: 'checkResetToken',
        input: ({ context }) => ({ token: context.resetToken ?? '' }),
        onDone: { target: 'newPassword' },
        onError: [
          { guard: { type: 'tokenInvalid', params: rejection }, target: 'invalidToken' },
          { target: 'checkFailed', actions: { type: 'showFailure', params: failed([]) } },
        ],
      },
    },
    checkFailed: { on: { RETRY: { target: 'checkingToken', actions: 'clearErrors' } } },
    newPassword: {
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
        resetting: {
          invoke: {
            src: 'resetPassword',
            input: ({ context, event }) => {
              assertEvent(event, 'RESET')
              return {
                channel: context.channel,
                resetToken: context.resetToken ?? '',
                ...event.input,
              }
            },
            onDone: { target: '#passwordReset.done' },
            onError: [
              {
                guard: { type: 'phoneTokenInvalid', params: rejection },
                target: '#passwordReset.invalidToken',
              },
              {
                guard: { type: 'tokenInvalid', params: rejection },
                target: '#passwordReset.expired',
              },
              {
                target: 'idle',
                actions: [
                  'countFailure',
                  { type: 'showFailure', params: failed(['password', 'passwordConfirm']) },
                ],
              },
            ],
          },
        },
      },
    },
    /** E-mail: the reset token ran out (15 min) or was used; the player starts again. */
    expired: {
      on: { RESTART: { target: 'request', actions: ['clearErrors', assign({ resendIn: 0 })] } },
    },
    invalidToken: { type: 'final', entry: 'goToErrorPage' },
    done: { type: 'final', entry: ['notifySuccess', 'openLogin'] },
  },
})

/** The machine type, for the app edge that provides it. */
export type PasswordResetMachine = typeof passwordResetMachine
