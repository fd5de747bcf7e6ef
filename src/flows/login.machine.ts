/**
 * Log-in by e-mail and password (SPEC.md sections 4 and 5) as a state machine.
 *
 * idle → submitting (loggingIn → fetchingUser → savingLocale?) → success | redirecting, and
 * failure on bad input or a refused log-in. Bad input never leaves the browser. Every side effect
 * (the HTTP calls, the token cookie, the session store, the modal, the SSO redirect) is a named
 * actor or action supplied with `.provide()` at the app edge (src/features/session/login.ts) and
 * replaced by fakes in login.machine.test.ts.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate'

import { fieldErrors, isApiError, type ApiFailure } from '../api'
import { email as emailSchema, type Locale, type LoginResponse, type User } from '../api/protocol'

/** The form's fields. */
export type LoginField = 'email' | 'password'

/** What the player typed. */
export interface LoginCredentials {
  readonly email: string
  readonly password: string
}

/** Client-side messages, as keys of the `auth` namespace (written out for the i18n key test). */
export const LOGIN_TEXTS = {
  emailRequired: 'auth:login.errors.emailRequired',
  emailInvalid: 'auth:login.errors.emailInvalid',
  passwordRequired: 'auth:login.errors.passwordRequired',
  unexpected: 'auth:login.errors.unexpected',
} as const

/** A message for the player; the form translates it when it renders (the language may change). */
export type LoginMessage =
  /** One of {@link LOGIN_TEXTS}. */
  | { readonly type: 'text'; readonly key: (typeof LOGIN_TEXTS)[keyof typeof LOGIN_TEXTS] }
  /** A server message in its `code: text` form (translated with `translateMessage`). */
  | { readonly type: 'server'; readonly message: string }
  /** A failure without field messages (rate limit, network...): see `errorNotification`. */
  | { readonly type: 'failure'; readonly failure: ApiFailure }

/** Messages per field; a field without messages is absent. */
export type LoginFieldErrors = Partial<Record<LoginField, readonly LoginMessage[]>>

/** What the machine is created with. */
export interface LoginInput {
  /** The interface locale, saved to the profile of a user who has none yet. */
  readonly locale: Locale
  /** In development the SSO link is not followed (SPEC.md section 4). */
  readonly development: boolean
}

/** The machine's context. */
export interface LoginContext extends LoginInput {
  readonly fieldErrors: LoginFieldErrors
  /** A message about the attempt as a whole. */
  readonly formError: LoginMessage | null
  /** The SSO link of the last successful log-in, if the server sent one. */
  readonly sso: string | null
  /** Failed attempts so far, rejected input included (the form moves focus on each). */
  readonly failures: number
}

/** Events the form sends. */
export type LoginEvent =
  | { readonly type: 'SUBMIT'; readonly credentials: LoginCredentials }
  /** The player changed a field: its now stale messages go. */
  | { readonly type: 'EDIT'; readonly field: LoginField }

/**
 * Checks the input before anything is sent: an e-mail (the same rule as the server's) and a
 * non-empty password. Returns the messages per field, empty when the input may be sent.
 */
export function validateCredentials(credentials: LoginCredentials): LoginFieldErrors {
  const errors: { -readonly [F in LoginField]?: LoginMessage[] } = {}
  if (credentials.email.trim() === '') {
    errors.email = [{ type: 'text', key: LOGIN_TEXTS.emailRequired }]
  } else if (!emailSchema.safeParse(credentials.email).success) {
    errors.email = [{ type: 'text', key: LOGIN_TEXTS.emailInvalid }]
  }
  // Not trimmed: spaces may be part of a password.
  if (credentials.password === '') {
    errors.password = [{ type: 'text', key: LOGIN_TEXTS.passwordRequired }]
  }
  return errors
}

const FIELDS: readonly LoginField[] = ['email', 'password']

/**
 * Splits a failed log-in into field messages and one form message: a 422 names fields (a wrong
 * password comes back on `email` as `invalid_credentials`), anything else is a failure to show
 * as a whole. A rejection that is not an `ApiError` is a bug and shows a generic message.
 */
export function loginFailure(error: unknown): Pick<LoginContext, 'fieldErrors' | 'formError'> {
  if (!isApiError(error))
    return { fieldErrors: {}, formError: { type: 'text', key: LOGIN_TEXTS.unexpected } }
  const byField = fieldErrors(error)
  if (error.status !== 422 || Object.keys(byField).length === 0) {
    return { fieldErrors: {}, formError: { type: 'failure', failure: error.failure } }
  }
  const fields: { -readonly [F in LoginField]?: LoginMessage[] } = {}
  const other: string[] = []
  for (const [name, messages] of Object.entries(byField)) {
    const field = FIELDS.find((f) => f === name)
    if (field) fields[field] = messages.map((message) => ({ type: 'server', message }))
    else other.push(...messages)
  }
  const first = other[0]
  return {
    fieldErrors: fields,
    formError: first === undefined ? null : { type: 'server', message: first },
  }
}

const noErrors = { fieldErrors: {}, formError: null } as const

/** The log-in machine. Provide its actors and side-effect actions before use. */
export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    input: {} as LoginInput,
  },
  actors: {
    /** POST /api/v2/auth/login/email/password. */
    logIn: fromPromise<LoginResponse, LoginCredentials>(async () => {
      throw new Error('[login] provide the logIn actor')
    }),
    /** GET /profile/user with the new token (also keeps fresh_token and super_bonus). */
    fetchUser: fromPromise<User, void>(async () => {
      throw new Error('[login] provide the fetchUser actor')
    }),
    /** PUT /profile/settings { locale }; answers the updated user. */
    saveLocale: fromPromise<User, { locale: Locale }>(async () => {
      throw new Error('[login] provide the saveLocale actor')
    }),
  },
  actions: {
    /** Stores the session token (the `token` cookie). */
    storeToken: (_, _params: { token: string }) => {
      throw new Error('[login] provide the storeToken action')
    },
    /** Puts the user into the session store. */
    setUser: (_, _params: { user: User }) => {
      throw new Error('[login] provide the setUser action')
    },
    /** Forgets the token and the user (a failed user fetch logs out locally, SPEC.md §4). */
    logOutLocally: () => {
      throw new Error('[login] provide the logOutLocally action')
    },
    /** Closes the modal, which also removes the `login` query flag. */
    closeModal: () => {
      throw new Error('[login] provide the closeModal action')
    },
    /** Sets the SSO flag cookie and sends the browser to the link with the current URL. */
    followSso: (_, _params: { url: string }) => {
      throw new Error('[login] provide the followSso action')
    },
    rejectInput: assign(({ event }) => {
      assertEvent(event, 'SUBMIT')
      return { fieldErrors: validateCredentials(event.credentials), formError: null }
    }),
    clearErrors: assign(noErrors),
    countFailure: assign({ failures: ({ context }) => context.failures + 1 }),
    clearFieldError: assign(({ context, event }) => {
      assertEvent(event, 'EDIT')
      const { [event.field]: _gone, ...rest } = context.fieldErrors
      return { fieldErrors: rest }
    }),
  },
  guards: {
    inputValid: ({ event }) => {
      assertEvent(event, 'SUBMIT')
      return Object.keys(validateCredentials(event.credentials)).length === 0
    },
    userHasNoLocale: (_, params: { user: User }) => params.user.locale === null,
    followsSso: ({ context }) => context.sso !== null && context.sso !== '' && !context.development,
  },
}).createMachine({
  id: 'login',
  initial: 'idle',
  context: ({ input }) => ({ ...input, ...noErrors, sso: null, failures: 0 }),
  // The player may change a field in any state; a message about it is then out of date.
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
    // No SUBMIT here: a second press while the first attempt runs sends nothing.
    submitting: {
      initial: 'loggingIn',
      states: {
        loggingIn: {
          invoke: {
            src: 'logIn',
            input: ({ event }) => {
              assertEvent(event, 'SUBMIT')
              // Sent as validated: the server trims and lower-cases the address the same way.
              return { email: event.credentials.email.trim(), password: event.credentials.password }
            },
            onDone: {
              target: 'fetchingUser',
              actions: [
                { type: 'storeToken', params: ({ event }) => ({ token: event.output.token }) },
                assign({ sso: ({ event }) => event.output.sso }),
              ],
            },
            onError: {
              target: '#login.failure',
              actions: assign(({ event }) => loginFailure(event.error)),
            },
          },
        },
        fetchingUser: {
          invoke: {
            src: 'fetchUser',
            onDone: [
              {
                guard: { type: 'userHasNoLocale', params: ({ event }) => ({ user: event.output }) },
                target: 'savingLocale',
                actions: { type: 'setUser', params: ({ event }) => ({ user: event.output }) },
              },
              {
                target: 'done',
                actions: { type: 'setUser', params: ({ event }) => ({ user: event.output }) },
              },
            ],
            onError: {
              target: '#login.failure',
              actions: ['logOutLocally', assign(({ event }) => loginFailure(event.error))],
            },
          },
        },
        savingLocale: {
          invoke: {
            src: 'saveLocale',
            input: ({ context }) => ({ locale: context.locale }),
            onDone: {
              target: 'done',
              actions: { type: 'setUser', params: ({ event }) => ({ user: event.output }) },
            },
            // The player is logged in either way; the locale is saved again at the next log-in.
            onError: { target: 'done' },
          },
        },
        done: {
          always: [
            { guard: 'followsSso', target: '#login.redirecting' },
            { target: '#login.success' },
          ],
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
    success: { type: 'final', entry: 'closeModal' },
    redirecting: {
      type: 'final',
      entry: [
        'closeModal',
        { type: 'followSso', params: ({ context }) => ({ url: context.sso ?? '' }) },
      ],
    },
  },
})

/** The machine type, for the app edge that provides it. */
export type LoginMachine = typeof loginMachine
