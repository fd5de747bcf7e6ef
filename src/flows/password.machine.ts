/**
 * Setting or changing the signed-in player's password (SPEC.md sections 5, 7 and 8) as a state
 * machine, in the shape of login.machine.ts.
 *
 * idle → submitting → saved | failure. `mode` is `set` for an account without a password
 * (POST /api/v2/auth/password/set) and `update` otherwise (POST /password/update). Bad input never
 * leaves the browser; a 422 comes back as messages on the form's fields (the server names them
 * old_password / new_password / password_confirm, or password / confirm_password for `set`).
 * The HTTP calls and the success notice are actors and actions supplied with `.provide()` at the
 * app edge (src/features/profile/password.ts) and replaced by fakes in password.machine.test.ts.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate'

import { fieldErrors, isApiError, type ApiFailure } from '../api'
import type { PasswordSetRequest, PasswordUpdateRequest } from '../../contract'

/** Which call the form makes. */
export type PasswordMode = 'set' | 'update'

/** The form's fields (the `set` form has no old password). */
export type PasswordField = 'old_password' | 'password' | 'password_confirm'

/** What the player typed. */
export interface PasswordValues {
  readonly old_password: string
  readonly password: string
  readonly password_confirm: string
}

/** Client-side messages, as keys of the `profile` namespace (written out for the key test). */
export const PASSWORD_TEXTS = {
  oldRequired: 'profile:access.password.errors.oldRequired',
  tooShort: 'profile:access.password.errors.tooShort',
  tooLong: 'profile:access.password.errors.tooLong',
  mismatch: 'profile:access.password.errors.mismatch',
  unexpected: 'profile:access.password.errors.unexpected',
} as const

/** The success notices of SPEC.md section 8, one per mode. */
export const PASSWORD_NOTICES = {
  update: 'profile:settings.password_changed',
  set: 'profile:password_set_success',
} as const

/** A message for the player, translated when the form renders. */
export type PasswordMessage =
  | { readonly type: 'text'; readonly key: (typeof PASSWORD_TEXTS)[keyof typeof PASSWORD_TEXTS] }
  /** A server message in its `code: text` form (see `translateMessage`). */
  | { readonly type: 'server'; readonly message: string }
  /** A failure without field messages (rate limit, network...): see `errorNotification`. */
  | { readonly type: 'failure'; readonly failure: ApiFailure }

/** Messages per field; a field without messages is absent. */
export type PasswordFieldErrors = Partial<Record<PasswordField, readonly PasswordMessage[]>>

/** What the machine is created with. */
export interface PasswordInput {
  readonly mode: PasswordMode
}

/** The machine's context. */
export interface PasswordContext extends PasswordInput {
  readonly fieldErrors: PasswordFieldErrors
  readonly formError: PasswordMessage | null
  /** Failed attempts so far (the form moves focus on each). */
  readonly failures: number
  /** Successful saves so far (the form clears its inputs on each). */
  readonly saves: number
}

/** Events the form sends. */
export type PasswordEvent =
  | { readonly type: 'SUBMIT'; readonly values: PasswordValues }
  /** The player changed a field: its now stale messages go. */
  | { readonly type: 'EDIT'; readonly field: PasswordField }

const MIN = 8
const MAX = 128

/**
 * Checks the input before anything is sent, with the server's rules (contract/common.ts
 * `password`): the old password is required to change it, the new one has 8 to 128 characters
 * and the confirmation repeats it. Returns the messages per field, empty when it may be sent.
 */
export function validatePassword(mode: PasswordMode, v: PasswordValues): PasswordFieldErrors {
  const errors: { -readonly [F in PasswordField]?: PasswordMessage[] } = {}
  const text = (key: (typeof PASSWORD_TEXTS)[keyof typeof PASSWORD_TEXTS]) => [
    { type: 'text' as const, key },
  ]
  if (mode === 'update' && v.old_password === '')
    errors.old_password = text(PASSWORD_TEXTS.oldRequired)
  if (v.password.length < MIN) errors.password = text(PASSWORD_TEXTS.tooShort)
  else if (v.password.length > MAX) errors.password = text(PASSWORD_TEXTS.tooLong)
  if (v.password_confirm !== v.password) errors.password_confirm = text(PASSWORD_TEXTS.mismatch)
  return errors
}

/** Server field names → the form's fields, per mode (docs/api.md). */
const SERVER_FIELDS: Record<PasswordMode, Readonly<Record<string, PasswordField>>> = {
  update: {
    old_password: 'old_password',
    new_password: 'password',
    password: 'password',
    password_confirm: 'password_confirm',
  },
  set: { password: 'password', confirm_password: 'password_confirm' },
}

/**
 * Splits a refused save into field messages and one form message: a 422 names fields, anything
 * else is a failure shown as a whole. A rejection that is not an `ApiError` is a bug and shows a
 * generic message.
 */
export function passwordFailure(
  mode: PasswordMode,
  error: unknown,
): Pick<PasswordContext, 'fieldErrors' | 'formError'> {
  if (!isApiError(error))
    return { fieldErrors: {}, formError: { type: 'text', key: PASSWORD_TEXTS.unexpected } }
  const byField = fieldErrors(error)
  if (error.status !== 422 || Object.keys(byField).length === 0) {
    return { fieldErrors: {}, formError: { type: 'failure', failure: error.failure } }
  }
  const fields: { -readonly [F in PasswordField]?: PasswordMessage[] } = {}
  const other: string[] = []
  for (const [name, messages] of Object.entries(byField)) {
    const field = SERVER_FIELDS[mode][name]
    if (field) {
      fields[field] = [
        ...(fields[field] ?? []),
        ...messages.map((message) => ({ type: 'server' as const, message })),
      ]
    } else other.push(...messages)
  }
  const first = other[0]
  return {
    fieldErrors: fields,
    formError: first === undefined ? null : { type: 'server', message: first },
  }
}

const noErrors = { fieldErrors: {}, formError: null } as const

/** The password machine. Provide its actors and the notice action before use. */
export const passwordMachine = setup({
  types: {
    context: {} as PasswordContext,
    events: {} as PasswordEvent,
    input: {} as PasswordInput,
  },
  actors: {
    /** POST /password/update. */
    updatePassword: fromPromise<void, PasswordUpdateRequest>(async () => {
      throw new Error('[password] provide the updatePassword actor')
    }),
    /** POST /api/v2/auth/password/set. */
    setPassword: fromPromise<void, PasswordSetRequest>(async () => {
      throw new Error('[password] provide the setPassword actor')
    }),
  },
  actions: {
    /** Shows the success notice (a toast) and refreshes the user (is_password_exists). */
    saved: (_, _params: { notice: (typeof PASSWORD_NOTICES)[PasswordMode] }) => {
      throw new Error('[password] provide the saved action')
    },
    rejectInput: assign(({ context, event }) => {
      assertEvent(event, 'SUBMIT')
      return { fieldErrors: validatePassword(context.mode, event.values), formError: null }
    }),
    clearErrors: assign(noErrors),
    countFailure: assign({ failures: ({ context }) => context.failures + 1 }),
    countSave: assign({ saves: ({ context }) => context.saves + 1 }),
    clearFieldError: assign(({ context, event }) => {
      assertEvent(event, 'EDIT')
      const { [event.field]: _gone, ...rest } = context.fieldErrors
      return { fieldErrors: rest }
    }),
  },
  guards: {
    inputValid: ({ context, event }) => {
      assertEvent(event, 'SUBMIT')
      return Object.keys(validatePassword(context.mode, event.values)).length === 0
    },
    isUpdate: ({ context }) => context.mode === 'update',
  },
}).createMachine({
  id: 'password',
  initial: 'idle',
  context: ({ input }) => ({ ...input, ...noErrors, failures: 0, saves: 0 }),
  on: { EDIT: { actions: 'clearFieldError' } },
  states: {
    idle: {
      on: {
        SUBMIT: [
          { guard: 'inputValid', target: 'submitting', actions: 'clearErrors' },
          { target: 'failure', actions: 'rejectInput' },
        ],
      },
    },
    // No SUBMIT here: a second press while the first save runs sends nothing.
    submitting: {
      initial: 'choosing',
      states: {
        choosing: {
          always: [{ guard: 'isUpdate', target: 'updating' }, { target: 'setting' }],
        },
        updating: {
          invoke: {
            src: 'updatePassword',
            input: ({ event }) => {
              assertEvent(event, 'SUBMIT')
              const { old_password, password, password_confirm } = event.values
              return { old_password, password, password_confirm }
            },
            onDone: { target: '#password.saved' },
            onError: {
              target: '#password.failure',
              actions: assign(({ context, event }) => passwordFailure(context.mode, event.error)),
            },
          },
        },
        setting: {
          invoke: {
            src: 'setPassword',
            input: ({ event }) => {
              assertEvent(event, 'SUBMIT')
              return {
                password: event.values.password,
                confirm_password: event.values.password_confirm,
              }
            },
            onDone: { target: '#password.saved' },
            onError: {
              target: '#password.failure',
              actions: assign(({ context, event }) => passwordFailure(context.mode, event.error)),
            },
          },
        },
      },
    },
    failure: {
      entry: 'countFailure',
      on: {
        SUBMIT: [
          { guard: 'inputValid', target: 'submitting', actions: 'clearErrors' },
          { target: 'failure', reenter: true, actions: 'rejectInput' },
        ],
      },
    },
    // Saved: the notice shows, and the form is ready for another change.
    saved: {
      entry: [
        'countSave',
        {
          type: 'saved',
          params: ({ context }) => ({ notice: PASSWORD_NOTICES[context.mode] }),
        },
      ],
      on: {
        SUBMIT: [
          { guard: 'inputValid', target: 'submitting', actions: 'clearErrors' },
          { target: 'failure', actions: 'rejectInput' },
        ],
      },
    },
  },
})

/** The machine type, for the app edge that provides it. */
export type PasswordMachine = typeof passwordMachine
