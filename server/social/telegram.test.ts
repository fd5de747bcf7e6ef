import { createHash, createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'

import { checkTelegramLogin, TELEGRAM_MAX_AGE_S } from './telegram'

const BOT_TOKEN = '123456:ABC-test-bot-token'
const NOW_S = 1_800_000_000

/** Signs `data` as Telegram does, independently of the code under test. */
function signed(data: Record<string, string>, token = BOT_TOKEN): Record<string, string> {
  const checkString = Object.entries(data)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('\n')
  const key = createHash('sha256').update(token).digest()
  return { ...data, hash: createHmac('sha256', key).update(checkString).digest('hex') }
}

const player = {
  id: '42424242',
  first_name: 'Ada',
  username: 'ada_l',
  photo_url: 'https://t.me/i/userpic/320/ada.jpg',
  auth_date: String(NOW_S - 30),
}

describe('Telegram log-in widget check', () => {
  it('accepts data signed with the bot token and names the Telegram id', () => {
    expect(checkTelegramLogin(signed(player), BOT_TOKEN, NOW_S)).toEqual({
      ok: true,
      subject: '42424242',
    })
  })

  it('refuses data whose fields were changed after signing', () => {
    const data = signed(player)
    expect(checkTelegramLogin({ ...data, id: '1' }, BOT_TOKEN, NOW_S)).toEqual({
      ok: false,
      reason: 'bad_hash',
    })
    expect(checkTelegramLogin({ ...data, last_name: 'Added' }, BOT_TOKEN, NOW_S)).toEqual({
      ok: false,
      reason: 'bad_hash',
    })
  })

  it('refuses data signed with another bot token', () => {
    expect(checkTelegramLogin(signed(player, '999:other'), BOT_TOKEN, NOW_S)).toEqual({
      ok: false,
      reason: 'bad_hash',
    })
  })

  it('refuses a stale or future auth_date even when the signature holds', () => {
    const old = signed({ ...player, auth_date: String(NOW_S - TELEGRAM_MAX_AGE_S - 1) })
    expect(checkTelegramLogin(old, BOT_TOKEN, NOW_S)).toEqual({ ok: false, reason: 'stale' })
    const edge = signed({ ...player, auth_date: String(NOW_S - TELEGRAM_MAX_AGE_S) })
    expect(checkTelegramLogin(edge, BOT_TOKEN, NOW_S).ok).toBe(true)
    const future = signed({ ...player, auth_date: String(NOW_S + 3600) })
    expect(checkTelegramLogin(future, BOT_TOKEN, NOW_S)).toEqual({ ok: false, reason: 'stale' })
  })

  it('refuses data without a hash, an id or a date', () => {
    const { hash: _hash, ...unsigned } = signed(player)
    expect(checkTelegramLogin(unsigned, BOT_TOKEN, NOW_S)).toEqual({
      ok: false,
      reason: 'malformed',
    })
    const { id: _id, ...noId } = player
    expect(checkTelegramLogin(signed(noId), BOT_TOKEN, NOW_S).ok).toBe(false)
    const { auth_date: _d, ...noDate } = player
    expect(checkTelegramLogin(signed(noDate), BOT_TOKEN, NOW_S).ok).toBe(false)
  })
})
