import Cookies from 'js-cookie'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, setup, waitFor, type AnyActorRef } from 'xstate'

import type { Api } from '../../api'
import type { User } from '../../../contract'
import type { PopupReport } from '../../flows/social.machine'
import { useSession } from '../../stores/session'
import { FINGERPRINT_KEY, writeAttributionCookie } from '../attribution'
import { ALL_ALLOWED, useConsent } from '../consent/consent'
import { appAuthCodeMachine, appRegisterMachine } from './accountFlows'
import { popupActor, type PopupHost } from './social'

// The bot check's solver runs in a Web Worker, which jsdom lacks: its chunk answers a fixed payload.
vi.mock('../botcheck/altcha', () => ({ solveInWorker: async () => 'solved-payload' }))

/** GET /config of a server running the ALTCHA bot check, and its challenge call. */
const botCheckApi = {
  misc: {
    clientConfig: async () => ({
      mode: 'sandbox',
      game_services: {},
      bot_check: { provider: 'altcha', site_key: null },
    }),
  },
  client: { call: vi.fn(async () => ({ challenge: 'from the server' })) },
}

const sent = { success: true as const, resend_in: 60 }
const tokens = {
  data: {
    token: 'ta_0123456789abcdef0123',
    refresh_token: 'tr_0123456789abcdef0123',
    expires_in: 900,
  },
}

afterEach(() => {
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' })
  localStorage.clear()
  useSession.getState().clear()
  useConsent.setState({ choice: null, editing: false })
})

describe('registration at the app edge', () => {
  it('sends the attribution cookies, the fingerprint, the locale and the time zone', async () => {
    // partner and stag are marketing cookies, written once the player allows them.
    useConsent.getState().choose(ALL_ALLOWED)
    writeAttributionCookie('partner', 'p-7')
    writeAttributionCookie('stag', 'aff_42')
    writeAttributionCookie('promo', 'WELCOME')
    localStorage.setItem(FINGERPRINT_KEY, '0123456789abcdef')
    const registerByEmail = vi.fn(async () => tokens)
    const api = {
      ...botCheckApi,
      auth: { registerByEmail },
      profile: {
        user: async () => ({
          user: { id: 1 } as unknown as User,
          fresh_token: null,
          super_bonus: null,
        }),
      },
    } as unknown as Api
    const actor = createActor(appRegisterMachine(api), { input: { locale: 'ru' } }).start()
    actor.send({
      type: 'SUBMIT',
      details: {
        channel: 'email',
        email: 'new@tessera.test',
        password: 'a-long-password',
        currency: 'RUB',
      },
    })
    await waitFor(actor, (s) => s.matches('registered'))
    expect(registerByEmail).toHaveBeenCalledWith(
      expect.objectContaining({
        email: 'new@tessera.test',
        password: 'a-long-password',
        currency: 'RUB',
        locale: 'ru',
        partner: 'p-7',
        adplace: null,
        stag: 'aff_42',
        promo: 'WELCOME',
        fpp: '0123456789abcdef',
        timezone: expect.any(String),
        'h-captcha-response': 'solved-payload',
      }),
      expect.objectContaining({ notify: false }),
    )
    expect(Cookies.get('token')).toBe(tokens.data.token)
  })

  it("sends the sign-up form's promo over the cookie's, and none when the field is emptied", async () => {
    writeAttributionCookie('promo', 'FROMCOOKIE')
    const registerByEmail = vi.fn(async () => tokens)
    const api = {
      ...botCheckApi,
      auth: { registerByEmail },
      profile: {
        user: async () => ({
          user: { id: 1 } as unknown as User,
          fresh_token: null,
          super_bonus: null,
        }),
      },
    } as unknown as Api
    for (const [promo, sent] of [
      [' TYPED ', 'TYPED'],
      ['', null],
    ] as const) {
      const actor = createActor(appRegisterMachine(api), { input: { locale: 'en' } }).start()
      actor.send({
        type: 'SUBMIT',
        details: {
          channel: 'email',
          email: 'p@tessera.test',
          password: 'a-long-password',
          currency: 'RUB',
          promo,
        },
      })
      await waitFor(actor, (s) => s.matches('registered'))
      expect(registerByEmail).toHaveBeenLastCalledWith(
        expect.objectContaining({ promo: sent }),
        expect.anything(),
      )
    }
  })
})

describe('code sending at the app edge', () => {
  it('uses the first-send, resend and signed-in confirmation calls', async () => {
    const auth = {
      sendPhoneLoginCode: vi.fn(async () => sent),
      resendPhoneLoginCode: vi.fn(async () => ({ ...sent, resend_in: 0 })),
      sendEmailLoginCode: vi.fn(async () => sent),
      resendEmailLoginCode: vi.fn(async () => sent),
      resendEmailConfirmation: vi.fn(async () => sent),
      resendPhoneConfirmation: vi.fn(async () => sent),
    }
    const machine = appAuthCodeMachine({ ...botCheckApi, auth } as unknown as Api)
    const phone = createActor(machine, { input: { resendIn: 0 } }).start()
    // The first answer's cooldown is 60 s; the second (a resend) answers 0.
    auth.sendPhoneLoginCode.mockResolvedValueOnce({ ...sent, resend_in: 0 })
    phone.send({ type: 'SEND', channel: 'phone', address: '+79991234567' })
    await waitFor(phone, (s) => s.matches('ready'))
    phone.send({ type: 'SEND', channel: 'phone', address: '+79991234567' })
    await waitFor(phone, (s) => s.context.sent === 2)
    // Each code to an address carries a fresh bot-check solution; the signed-in resend none.
    expect(auth.sendPhoneLoginCode).toHaveBeenCalledWith(
      { phone: '+79991234567', 'h-captcha-response': 'solved-payload' },
      expect.anything(),
    )
    expect(auth.resendPhoneLoginCode).toHaveBeenCalledWith(
      { phone: '+79991234567', 'h-captcha-response': 'solved-payload' },
      expect.anything(),
    )

    const confirm = createActor(machine, { input: {} }).start()
    confirm.send({ type: 'SEND', channel: 'email', address: null })
    await waitFor(confirm, (s) => s.context.sent === 1)
    expect(auth.resendEmailConfirmation).toHaveBeenCalledTimes(1)
    expect(auth.sendEmailLoginCode).not.toHaveBeenCalled()
    expect(botCheckApi.client.call).toHaveBeenCalledWith(
      expect.objectContaining({ method: 'get', path: 'captcha/challenge' }),
    )
  })
})

describe('the social popup actor', () => {
  function fakeHost(popup: Partial<Window> | null) {
    let listener: ((event: MessageEvent) => void) | undefined
    const host: PopupHost = {
      open: vi.fn(() => popup as Window | null),
      addEventListener: (_, l) => (listener = l),
      removeEventListener: vi.fn(),
    }
    return { host, post: (event: Partial<MessageEvent>) => listener?.(event as MessageEvent) }
  }

  /** A parent that invokes the popup actor and records what it reports. */
  function run(host: PopupHost) {
    const reports: PopupReport[] = []
    const parent = createActor(
      setup({ actors: { popup: popupActor(host) } }).createMachine({
        invoke: { id: 'popup', src: 'popup', input: { provider: 'google' } },
        on: { '*': { actions: ({ event }) => reports.push(event as PopupReport) } },
      }),
    ).start()
    const child = parent.getSnapshot().children.popup as AnyActorRef
    return { reports, child, parent }
  }

  it('reports a blocked popup', () => {
    const { reports } = run(fakeHost(null).host)
    expect(reports).toEqual([{ type: 'BLOCKED' }])
  })

  it('navigates on command, reports messages with their origin and source, closes when stopped', () => {
    const popup = {
      closed: false,
      close: vi.fn(),
      location: { href: 'about:blank' },
    } as unknown as Window
    const { host, post } = fakeHost(popup)
    const { reports, child, parent } = run(host)
    child.send({ type: 'NAVIGATE', url: 'http://api.test/social' })
    expect(popup.location.href).toBe('http://api.test/social')
    post({ origin: 'http://api.test', source: popup, data: { a: 1 } })
    post({ origin: 'http://api.test', source: null, data: { a: 2 } })
    expect(reports).toEqual([
      { type: 'MESSAGE', origin: 'http://api.test', fromPopup: true, data: { a: 1 } },
      { type: 'MESSAGE', origin: 'http://api.test', fromPopup: false, data: { a: 2 } },
    ])
    parent.stop()
    expect(popup.close).toHaveBeenCalledTimes(1)
    expect(host.removeEventListener).toHaveBeenCalledTimes(1)
  })
})
