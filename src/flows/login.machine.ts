/**
 * Log-in (SPEC.md sections 4 and 5) as a state machine: by e-mail or phone, each with a password
 * or a one-time code, and by a social provider's popup.
 *
 * idle → submitting (loggingIn → fetchingUser → savingLocale?) → success | redirecting, and
 * failure on bad input or a refused log-in. A social log-in runs the `socialLogIn` child (see
 * social.machine.ts) and joins at fetchingUser. Bad input never leaves the browser. Sending the
 * code itself is authCode.machine.ts (the form runs both). Every side effect (the HTTP calls, the
 * token cookie, the session store, the modal, the SSO redirect) is a named actor or action
 * supplied with `.provide()` at the app edge (src/features/session/login.ts) and replaced by
 * fakes in login.machine.test.ts.
 */
import { assertEvent, assign, fromPromise, setup, type ActorLogicFrom } from 'xstate'

import type { Locale, LoginResponse, User } from '../../contract'
import {
  AUTH_TEXTS,
  checkCode,
  checkEmail,
  checkLoginPassword,
  checkPhone,
  collect,
  isClean,
  splitFailure,
  type AuthMessage,
  type FieldMessages,
} from './authForm'
import { socialMachine, type SocialOutcome, type SocialProvider } from './social.machine'

/** The form's fields. */
export type LoginField = 'email' | 'phone' | 'password' | 'code'

/** What the player typed, by method. Phones are E.164 (`+79991234567`). */
export type LoginCredentials =
  | { readonly method: 'email-password'; readonly email: string; readonly password: string }
  | { readonly method: 'email-code'; readonly email: string; readonly code: string }
  | { readonly method: 'phone-password'; readonly phone: string; readonly password: string }
  | { readonly method: 'phone-code'; readonly phone: string; readonly code: string }

/** Client-side messages; kept under this name for the forms written before the other flows. */
export const LOGIN_TEXTS = AUTH_TEXTS

/** A message for the player (see {@link AuthMessage}). */
export type LoginMessage = AuthMessage

/** Messages per field; a field without messages is absent. */
export type LoginFieldErrors = FieldMessages<LoginField>

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
  /** Log in through a social provider's popup (sent from the click, so the popup may open). */
  | { readonly type: 'SOCIAL'; readonly provider: SocialProvider }
  /** Stop waiting for the social popup (it is closed). */
  | { readonly type: 'CANCEL' }
  /** The player changed a field, or switched tabs: its now stale messages go. */
  | { readonly type: 'EDIT'; readonly field: LoginField }

/**
 * Checks the input before anything is sent: the address by its kind (the server's e-mail rule,
 * a phone filling its mask) and a non-empty password or a 4-8 digit code.
 */
export function validateCredentials(credentials: LoginCredentials): LoginFieldErrors {
  switch (credentials.method) {
    case 'email-password':
      return collect<LoginField>({
        email: checkEmail(credentials.email),
        password: checkLoginPassword(credentials.password),
      })
    case 'email-code':
      return collect<LoginField>({
        email: checkEmail(credentials.email),
        code: checkCode(credentials.code),
      })
    case 'phone-password':
      return collect<LoginField>({
        phone: checkPhone(credentials.phone),
        password: checkLoginPassword(credentials.password),
      })
    case 'phone-code':
      return collect<LoginField>({
        phone: checkPhone(credentials.phone),
        code: checkCode(credentials.code),
      })
    default: {
      const unknown: never = credentials
      throw new Error(`[login] unknown method ${JSON.stringify(unknown)}`)
    }
  }
}

/** The credentials as sent: the e-mail trimmed (the server lower-cases it too), codes trimmed. */
export function normalizeCredentials(credentials: LoginCredentials): LoginCredentials {
  switch (credentials.method) {
    case 'email-password':
      return { ...credentials, email: credentials.email.trim() }
    case 'email-code':
      return { ...credentials, email: credentials.email.trim(), code: credentials.code.trim() }
    case 'phone-password':
      return credentials
    case 'phone-code':
      return { ...credentials, code: credentials.code.trim() }
    default: {
      const unknown: never = credentials
      throw new Error(`[login] unknown method ${JSON.stringify(unknown)}`)
    }
  }
}

const FIELDS: readonly LoginField[] = ['email', 'phone', 'password', 'code']

/** Splits a failed log-in into field messages and one form message (see `splitFailure`). */
export function loginFailure(error: unknown): Pick<LoginContext, 'fieldErrors' | 'formError'> {
  return splitFailure(error, FIELDS)
}

/** The message for a social log-in that did not end with a token. */
function socialFailure(outcome: SocialOutcome): Pick<LoginContext, 'fieldErrors' | 'formError'> {
  switch (outcome.type) {
    case 'token':
      throw new Error('[login] a social token is not a failure')
    case 'blocked':
      return { fieldErrors: {}, formError: { type: 'text', key: AUTH_TEXTS.popupBlocked } }
    case 'closed':
      return { fieldErrors: {}, formError: { type: 'text', key: AUTH_TEXTS.popupClosed } }
    case 'failed':
      return { fieldErrors: {}, formError: { type: 'text', key: AUTH_TEXTS.socialFailed } }
    case 'refused':
      return { fieldErrors: {}, formError: loginFailure(outcome.error).formError }
    default: {
      const unknown: never = outcome
      throw new Error(`[login] unknown social outcome ${JSON.stringify(unknown)}`)
    }
  }
}

const noErrors = { fieldErrors: {}, formError: null } as const

const retry = [
  { guard: 'inputValid', target: '#login.submitting', actions: 'clearErrors' },
  { target: '#login.failure', reenter: true, actions: 'rejectInput' },
] as const

/** The log-in machine. Provide its actors and side-effect actions before use. */
export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    input: {} as LoginInput,
  },
  actors: {
    /** The log-in call of the credentials' method (POST /api/v2/auth/login/...). */
    logIn: fromPromise<LoginResponse, LoginCredentials>(async () => {
      throw new Error('[login] provide the logIn actor')
    }),
    /** The social popup round trip (social.machine.ts, provided at the app edge). */
    socialLogIn: socialMachine as ActorLogicFrom<typeof socialMachine>,
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
    /** Closes the modal, which also removes the `login`/`signup` query flags. */
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
      return { fieldErrors: rest, formError: null }
    }),
  },
  guards: {
    inputValid: ({ event }) => {
      assertEvent(event, 'SUBMIT')
      return isClean(validateCredentials(event.credentials))
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
        SOCIAL: { target: 'social', actions: 'clearErrors' },
      },
    },
    // Waiting for the provider's popup. Leaving the state stops the child, which closes it.
    social: {
      invoke: {
        src: 'socialLogIn',
        input: ({ event }) => {
          assertEvent(event, 'SOCIAL')
          return { provider: event.provider }
        },
        onDone: [
          {
            guard: ({ event }) => event.output.type === 'token',
            target: '#login.submitting.fetchingUser',
            actions: [
              {
                type: 'storeToken',
                params: ({ event }) => ({
                  token: event.output.type === 'token' ? event.output.token : '',
                }),
              },
              assign({ sso: null }),
            ],
          },
          { target: 'failure', actions: assign(({ event }) => socialFailure(event.output)) },
        ],
      },
      on: { CANCEL: 'idle' },
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
              return normalizeCredentials(event.credentials)
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
        SUBMIT: [...retry],
        SOCIAL: { target: 'social', actions: 'clearErrors' },
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
