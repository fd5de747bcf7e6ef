/**
 * The social log-in round trip (SPEC.md section 4, docs/api.md `PUT /auth/login`): a popup
 * opens at once (from the player's click, or the browser blocks it), PUT /auth/login answers the
 * provider's URL, the popup goes there, and the provider page posts
 * `{ type: 'tessera:social-login', token, refresh_token, expires_in }` back to this window.
 *
 * The popup is a `fromCallback` actor provided at the app edge (src/features/session/social.ts):
 * it opens the window, takes `NAVIGATE` to send it to the URL, and reports `BLOCKED`, `CLOSED`
 * and every `MESSAGE` it receives with the message's origin and whether it came from the popup.
 * This machine decides what to trust: only a message from the popup window, from the origin of
 * the URL the server gave, that parses as the log-in message (or as the failure message the
 * server's last popup page posts when the provider refused). It ends with a {@link SocialOutcome}
 * (the log-in machine goes on from there); stopping it closes the popup.
 */
import { assertEvent, assign, fromCallback, fromPromise, sendTo, setup } from 'xstate'

import {
  socialLoginFailedMessage,
  socialLoginMessage,
  type SocialLoginResponse,
  type SocialProviderId,
} from '../../contract'

/** The providers of PUT /auth/login. */
export type SocialProvider = SocialProviderId

/** How a social log-in ended. */
export type SocialOutcome =
  | {
      readonly type: 'token'
      readonly token: string
      readonly refresh_token: string
      readonly expires_in: number
    }
  /** The browser did not open the popup. */
  | { readonly type: 'blocked' }
  /** The player closed the popup before it answered. */
  | { readonly type: 'closed' }
  /** The provider refused, or the server could not check its answer (the popup said so). */
  | { readonly type: 'failed' }
  /** PUT /auth/login failed; `error` is what the call rejected with. */
  | { readonly type: 'refused'; readonly error: unknown }

/** What the popup actor reports. */
export type PopupReport =
  | { readonly type: 'BLOCKED' }
  | { readonly type: 'CLOSED' }
  | {
      readonly type: 'MESSAGE'
      /** `MessageEvent.origin`. */
      readonly origin: string
      /** True when `MessageEvent.source` is the popup window. */
      readonly fromPopup: boolean
      readonly data: unknown
    }

/** What the popup actor receives. */
export type PopupCommand = { readonly type: 'NAVIGATE'; readonly url: string }

interface SocialContext {
  readonly provider: SocialProvider
  /**
   * The origin the log-in message must come from, once the URL is known: the answer's
   * `message_origin`, else the URL's own.
   */
  readonly providerOrigin: string | null
  readonly outcome: SocialOutcome | null
}

/** The origin of a URL, or null when it is not an absolute http(s) URL. */
export function originOf(url: string): string | null {
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : null
  } catch {
    return null
  }
}

/** The social round-trip machine. Provide `requestUrl` and `popup` before use. */
export const socialMachine = setup({
  types: {
    context: {} as SocialContext,
    events: {} as PopupReport,
    input: {} as { provider: SocialProvider },
    output: {} as SocialOutcome,
  },
  actors: {
    /** PUT /auth/login { provider, origin, ... }. */
    requestUrl: fromPromise<SocialLoginResponse, { provider: SocialProvider }>(async () => {
      throw new Error('[social] provide the requestUrl actor')
    }),
    /** The popup window (see the module comment). */
    popup: fromCallback<PopupCommand, { provider: SocialProvider }>(() => {
      throw new Error('[social] provide the popup actor')
    }),
  },
  guards: {
    isLogInMessage: ({ context, event }) => {
      assertEvent(event, 'MESSAGE')
      return (
        event.fromPopup &&
        context.providerOrigin !== null &&
        event.origin === context.providerOrigin &&
        socialLoginMessage.safeParse(event.data).success
      )
    },
    /** The same checks for the failure message of the popup's last page. */
    isFailedMessage: ({ context, event }) => {
      assertEvent(event, 'MESSAGE')
      return (
        event.fromPopup &&
        context.providerOrigin !== null &&
        event.origin === context.providerOrigin &&
        socialLoginFailedMessage.safeParse(event.data).success
      )
    },
  },
}).createMachine({
  id: 'social',
  initial: 'open',
  context: ({ input }) => ({ provider: input.provider, providerOrigin: null, outcome: null }),
  output: ({ context }) => context.outcome ?? { type: 'closed' },
  states: {
    open: {
      invoke: {
        id: 'popup',
        src: 'popup',
        input: ({ context }) => ({ provider: context.provider }),
      },
      on: {
        BLOCKED: { target: 'ended', actions: assign({ outcome: { type: 'blocked' } }) },
        CLOSED: { target: 'ended', actions: assign({ outcome: { type: 'closed' } }) },
      },
      initial: 'requesting',
      states: {
        requesting: {
          invoke: {
            src: 'requestUrl',
            input: ({ context }) => ({ provider: context.provider }),
            onDone: [
              {
                guard: ({ event }) =>
                  originOf(event.output.url) !== null &&
                  (event.output.message_origin === undefined ||
                    originOf(event.output.message_origin) !== null),
                target: 'waiting',
                actions: [
                  // A real provider's page is elsewhere; the message comes from the callback's.
                  assign({
                    providerOrigin: ({ event }) =>
                      originOf(event.output.message_origin ?? event.output.url),
                  }),
                  sendTo('popup', ({ event }) => ({ type: 'NAVIGATE', url: event.output.url })),
                ],
              },
              {
                target: '#social.ended',
                actions: assign({
                  outcome: ({ event }) => ({
                    type: 'refused',
                    error: new Error(`[social] not a provider URL: ${event.output.url}`),
                  }),
                }),
              },
            ],
            onError: {
              target: '#social.ended',
              actions: assign({
                outcome: ({ event }) => ({ type: 'refused', error: event.error }),
              }),
            },
          },
        },
        waiting: {
          on: {
            // Anything else posted to this window (other frames, extensions) is ignored.
            MESSAGE: [
              {
                guard: 'isLogInMessage',
                target: '#social.ended',
                actions: assign({
                  outcome: ({ event }) => {
                    const message = socialLoginMessage.parse(event.data)
                    return {
                      type: 'token',
                      token: message.token,
                      refresh_token: message.refresh_token,
                      expires_in: message.expires_in,
                    }
                  },
                }),
              },
              {
                guard: 'isFailedMessage',
                target: '#social.ended',
                actions: assign({ outcome: { type: 'failed' } }),
              },
            ],
          },
        },
      },
    },
    ended: { type: 'final' },
  },
})

/** The machine type, for the app edge that provides it. */
export type SocialMachine = typeof socialMachine
