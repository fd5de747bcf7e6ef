/**
 * Registration (SPEC.md sections 3, 4 and 7) by e-mail or phone, with a password and a
 * currency, carrying the attribution cookies and the device fingerprint (supplied by the app
 * edge inside the `register` actor, so this machine stays free of cookies and storage).
 *
 * idle → submitting (registering → fetchingUser) → registered, and failure on bad input or a
 * refused registration. The server answers a session at once: the player is signed in as soon as
 * the account exists, and the e-mail or phone is confirmed afterwards with the code the server
 * sent (confirmContact.machine.ts). So `registered` runs `registered` with the channel: the app
 * edge shows the code step (in the Register modal for an e-mail, the ConfirmByPhone modal for a
 * phone). Confirming is not required to play; the player may do it later.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate'

import type { Currency, Locale, RegisterResponse, User } from '../../contract'
import {
  checkEmail,
  checkNewPassword,
  checkPhone,
  collect,
  isClean,
  splitFailure,
  type AuthMessage,
  type FieldMessages,
} from './authForm'

/** The form's fields. */
export type RegisterField = 'email' | 'phone' | 'password' | 'currency'

/**
 * The sign-up form's promo field: the code to send, empty when the player cleared it. Absent
 * when the form has no such field (the app edge then sends the `promo` cookie's).
 */
interface PromoField {
  readonly promo?: string
}

/** What the player chose. Phones are E.164. */
export type RegisterDetails =
  | (PromoField & {
      readonly channel: 'email'
      readonly email: string
      readonly password: string
      readonly currency: Currency
    })
  | (PromoField & {
      readonly channel: 'phone'
      readonly phone: string
      readonly password: string
      readonly currency: Currency
    })

/** What the `register` actor is given: the details plus the interface locale. */
export type RegisterRequest = RegisterDetails & { readonly locale: Locale }

/** What the machine is created with. */
export interface RegisterInput {
  /** Saved with the account (the server stores it; no second call as at log-in). */
  readonly locale: Locale
}

interface RegisterContext extends RegisterInput {
  readonly fieldErrors: FieldMessages<RegisterField>
  readonly formError: AuthMessage | null
  readonly failures: number
  /** Where the confirmation code went, once registered. */
  readonly channel: 'email' | 'phone' | null
  /** The address registered, for "we sent a code to ...". */
  readonly address: string | null
}

/** Events the form sends. */
export type RegisterEvent =
  | { readonly type: 'SUBMIT'; readonly details: RegisterDetails }
  | { readonly type: 'EDIT'; readonly field: RegisterField }

/** Checks the input before anything is sent (the server's rules: e-mail, phone, 8-128). */
export function validateRegistration(details: RegisterDetails): FieldMessages<RegisterField> {
  return collect<RegisterField>({
    ...(details.channel === 'email'
      ? { email: checkEmail(details.email) }
      : { phone: checkPhone(details.phone) }),
    password: checkNewPassword(details.password),
  })
}

const FIELDS: readonly RegisterField[] = ['email', 'phone', 'password', 'currency']
const noErrors = { fieldErrors: {}, formError: null } as const

/** The registration machine. Provide its actors and side-effect actions before use. */
export const registerMachine = setup({
  types: {
    context: {} as RegisterContext,
    events: {} as RegisterEvent,
    input: {} as RegisterInput,
  },
  actors: {
    /** POST /api/v2/auth/register/{email,phone} with attribution and fingerprint. */
    register: fromPromise<RegisterResponse, RegisterRequest>(async () => {
      throw new Error('[register] provide the register actor')
    }),
    /** GET /profile/user with the new token. */
    fetchUser: fromPromise<User, void>(async () => {
      throw new Error('[register] provide the fetchUser actor')
    }),
  },
  actions: {
    /** Stores the session token (the `token` cookie). */
    storeToken: (_, _params: { token: string }) => {
      throw new Error('[register] provide the storeToken action')
    },
    /** Puts the user into the session store. */
    setUser: (_, _params: { user: User }) => {
      throw new Error('[register] provide the setUser action')
    },
    /** Signed in: show the confirmation step for the channel. */
    registered: (_, _params: { channel: 'email' | 'phone' }) => {
      throw new Error('[register] provide the registered action')
    },
    rejectInput: assign(({ event }) => {
      assertEvent(event, 'SUBMIT')
      return { fieldErrors: validateRegistration(event.details), formError: null }
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
      return isClean(validateRegistration(event.details))
    },
  },
}).createMachine({
  id: 'register',
  initial: 'idle',
  context: ({ input }) => ({ ...input, ...noErrors, failures: 0, channel: null, address: null }),
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
      initial: 'registering',
      entry: assign(({ event }) => {
        assertEvent(event, 'SUBMIT')
        const { details } = event
        return details.channel === 'email'
          ? { channel: 'email' as const, address: details.email.trim() }
          : { channel: 'phone' as const, address: details.phone }
      }),
      states: {
        registering: {
          invoke: {
            src: 'register',
            input: ({ context, event }) => {
              assertEvent(event, 'SUBMIT')
              const { details } = event
              return details.channel === 'email'
                ? { ...details, email: details.email.trim(), locale: context.locale }
                : { ...details, locale: context.locale }
            },
            onDone: {
              target: 'fetchingUser',
              actions: {
                type: 'storeToken',
                params: ({ event }) => ({ token: event.output.data.token }),
              },
            },
            onError: {
              target: '#register.failure',
              actions: assign(({ event }) => splitFailure(event.error, FIELDS)),
            },
          },
        },
        fetchingUser: {
          invoke: {
            src: 'fetchUser',
            onDone: {
              target: '#register.registered',
              actions: { type: 'setUser', params: ({ event }) => ({ user: event.output }) },
            },
            // The account exists and the token is kept: the header fills in at the next start.
            // Still registered; the code step does not need the user.
            onError: { target: '#register.registered' },
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
    registered: {
      type: 'final',
      entry: {
        type: 'registered',
        params: ({ context }) => ({ channel: context.channel ?? 'email' }),
      },
    },
  },
})

/** The machine type, for the app edge that provides it. */
export type RegisterMachine = typeof registerMachine
