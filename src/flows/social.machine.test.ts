import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromCallback, fromPromise, type AnyActorRef } from 'xstate'

import { ApiError } from '../api'
import {
  originOf,
  socialMachine,
  type PopupCommand,
  type PopupReport,
  type SocialProvider,
} from './social.machine'

const PROVIDER_URL = 'http://api.tessera.test/api/sandbox/social/authorize?state=s'
const PROVIDER_ORIGIN = 'http://api.tessera.test'
const message = {
  type: 'tessera:social-login',
  token: 'ta_0123456789abcdef0123',
  refresh_token: 'tr_0123456789abcdef0123',
  expires_in: 900,
}

function start(
  options: { blocked?: boolean; url?: string; messageOrigin?: string; refuse?: unknown } = {},
) {
  const popup = {
    report: (_: PopupReport) => undefined as void,
    commands: [] as PopupCommand[],
    closed: vi.fn(),
  }
  const machine = socialMachine.provide({
    actors: {
      requestUrl: fromPromise(
        () =>
          new Promise((resolve, reject) =>
            setTimeout(() => {
              if (options.refuse) reject(options.refuse)
              else
                resolve({
                  url: options.url ?? PROVIDER_URL,
                  ...(options.messageOrigin ? { message_origin: options.messageOrigin } : {}),
                })
            }, 200),
          ),
      ),
      popup: fromCallback<PopupCommand, { provider: SocialProvider }>(({ sendBack, receive }) => {
        popup.report = sendBack
        receive((command) => popup.commands.push(command))
        if (options.blocked) sendBack({ type: 'BLOCKED' })
        return () => popup.closed()
      }),
    },
  })
  const actor = createActor(machine, { input: { provider: 'google' } })
  actor.start()
  return { actor: actor as typeof actor & AnyActorRef, popup }
}

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('social log-in round trip', () => {
  it('sends the popup to the URL and accepts the message from its origin', async () => {
    const { actor, popup } = start()
    expect(actor.getSnapshot().matches({ open: 'requesting' })).toBe(true)
    await vi.advanceTimersByTimeAsync(200)
    expect(popup.commands).toEqual([{ type: 'NAVIGATE', url: PROVIDER_URL }])
    expect(actor.getSnapshot().matches({ open: 'waiting' })).toBe(true)

    // Another origin, another window or another shape: ignored.
    popup.report({ type: 'MESSAGE', origin: 'http://evil.test', fromPopup: true, data: message })
    popup.report({ type: 'MESSAGE', origin: PROVIDER_ORIGIN, fromPopup: false, data: message })
    popup.report({ type: 'MESSAGE', origin: PROVIDER_ORIGIN, fromPopup: true, data: { type: 'x' } })
    expect(actor.getSnapshot().matches({ open: 'waiting' })).toBe(true)

    popup.report({ type: 'MESSAGE', origin: PROVIDER_ORIGIN, fromPopup: true, data: message })
    expect(actor.getSnapshot().status).toBe('done')
    expect(actor.getSnapshot().output).toEqual({
      type: 'token',
      token: message.token,
      refresh_token: message.refresh_token,
      expires_in: 900,
    })
    // Ending stops the popup actor, which closes the window.
    expect(popup.closed).toHaveBeenCalledTimes(1)
  })

  it('ends as blocked when the popup does not open, and as closed when the player closes it', async () => {
    const blocked = start({ blocked: true })
    expect(blocked.actor.getSnapshot().output).toEqual({ type: 'blocked' })

    const closed = start()
    await vi.advanceTimersByTimeAsync(200)
    closed.popup.report({ type: 'CLOSED' })
    expect(closed.actor.getSnapshot().output).toEqual({ type: 'closed' })
  })

  it('ends as refused when PUT /auth/login fails or answers no http(s) URL', async () => {
    const error = new ApiError(
      { type: 'http', status: 400, body: {} },
      { method: 'put', path: 'l' },
    )
    const refused = start({ refuse: error })
    await vi.advanceTimersByTimeAsync(200)
    expect(refused.actor.getSnapshot().output).toEqual({ type: 'refused', error })

    const odd = start({ url: 'javascript:alert(1)' })
    await vi.advanceTimersByTimeAsync(200)
    expect(odd.actor.getSnapshot().output?.type).toBe('refused')
    expect(odd.popup.commands).toEqual([])
  })

  it("takes the message from the callback's origin when the provider is elsewhere", async () => {
    const { actor, popup } = start({
      url: 'https://accounts.google.test/o/oauth2/auth?state=s',
      messageOrigin: PROVIDER_ORIGIN,
    })
    await vi.advanceTimersByTimeAsync(200)
    // The provider's own pages never speak for the log-in.
    const fromProvider = { type: 'MESSAGE', fromPopup: true, data: message } as const
    popup.report({ ...fromProvider, origin: 'https://accounts.google.test' })
    expect(actor.getSnapshot().matches({ open: 'waiting' })).toBe(true)
    popup.report({ ...fromProvider, origin: PROVIDER_ORIGIN })
    expect(actor.getSnapshot().output?.type).toBe('token')
  })

  it("ends as failed when the popup's last page says the provider refused", async () => {
    const { actor, popup } = start()
    await vi.advanceTimersByTimeAsync(200)
    const failed = { type: 'tessera:social-login-failed' }
    popup.report({ type: 'MESSAGE', origin: 'http://evil.test', fromPopup: true, data: failed })
    popup.report({ type: 'MESSAGE', origin: PROVIDER_ORIGIN, fromPopup: false, data: failed })
    expect(actor.getSnapshot().matches({ open: 'waiting' })).toBe(true)
    popup.report({ type: 'MESSAGE', origin: PROVIDER_ORIGIN, fromPopup: true, data: failed })
    expect(actor.getSnapshot().output).toEqual({ type: 'failed' })
    expect(popup.closed).toHaveBeenCalledTimes(1)
  })

  it('reads origins of http(s) URLs only', () => {
    expect(originOf(PROVIDER_URL)).toBe(PROVIDER_ORIGIN)
    expect(originOf('/relative')).toBeNull()
    expect(originOf('data:text/html,x')).toBeNull()
  })
})
