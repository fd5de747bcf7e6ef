/**
 * The app edge of src/flows/social.machine.ts: PUT /auth/login with this page's origin, the
 * attribution cookies and the visitor's currency, and the popup window itself.
 */
import { fromCallback, fromPromise } from 'xstate'

import type { Api } from '../../api'
import {
  socialMachine,
  type PopupCommand,
  type PopupReport,
  type SocialMachine,
  type SocialProvider,
} from '../../flows/social.machine'
import { currentFingerprint, readRegistrationAttribution } from '../attribution'

/** How often the popup is checked for having been closed (no event tells the opener). */
export const POPUP_POLL_MS = 500
const POPUP_NAME = 'tessera-social-login'
const POPUP_FEATURES = 'popup,width=520,height=640'

/** What the popup actor needs from the browser; tests pass a fake window. */
export interface PopupHost {
  open(url: string, name: string, features: string): Window | null
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void
}

/**
 * The popup actor: opens a blank window at once (the click is still on the stack, so the
 * browser allows it), navigates it when told, reports every message this window receives with
 * its origin and whether the popup sent it, reports the popup closed, and closes it when stopped.
 */
export function popupActor(host: PopupHost = window) {
  return fromCallback<PopupCommand, { provider: SocialProvider }>(({ sendBack, receive }) => {
    const report = (event: PopupReport) => sendBack(event)
    const popup = host.open('about:blank', POPUP_NAME, POPUP_FEATURES)
    if (!popup) {
      report({ type: 'BLOCKED' })
      return () => undefined
    }
    receive((command) => {
      popup.location.href = command.url
    })
    const onMessage = (event: MessageEvent) =>
      report({
        type: 'MESSAGE',
        origin: event.origin,
        fromPopup: event.source === popup,
        data: event.data as unknown,
      })
    host.addEventListener('message', onMessage)
    const poll = setInterval(() => {
      if (popup.closed) report({ type: 'CLOSED' })
    }, POPUP_POLL_MS)
    return () => {
      clearInterval(poll)
      host.removeEventListener('message', onMessage)
      if (!popup.closed) popup.close()
    }
  })
}

/** The social machine talking to `api` from a page at `page.origin`. */
export function appSocialMachine(
  api: Pick<Api, 'auth'>,
  page: Pick<Location, 'origin'>,
  host?: PopupHost,
): SocialMachine {
  return socialMachine.provide({
    actors: {
      requestUrl: fromPromise(({ input, signal }) => {
        const { partner, adplace, stag, promo } = readRegistrationAttribution()
        const fpp = currentFingerprint()
        return api.auth.socialLogin(
          { provider: input.provider, origin: page.origin, partner, adplace, stag, promo, fpp },
          { notify: false, signal },
        )
      }),
      popup: popupActor(host),
    },
  })
}
