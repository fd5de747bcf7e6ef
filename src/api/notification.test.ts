import i18next from 'i18next'
import { describe, expect, it } from 'vitest'

import en from '../../locales/en/errors.json'
import kz from '../../locales/kz/errors.json'
import ru from '../../locales/ru/errors.json'
import type { ApiFailure } from './errors'
import {
  errorNotification,
  HCAPTCHA_REQUIRED_MESSAGE,
  isBalanceNotEnough,
  translateMessage,
  type Translate,
} from './notification'
import { errorCodes } from '../../contract'
import { keyT } from './test/fakeServer'

const http = (status: number, body: unknown): ApiFailure => ({ type: 'http', status, body })

/** Knows only the keys listed, like i18next with a small catalogue: missing → defaultValue. */
function catalogueT(known: Record<string, string>): Translate {
  return (key, options) => {
    const template = known[key]
    if (template === undefined) return options?.defaultValue ?? key
    return template.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(options?.[name] ?? ''))
  }
}

describe('errorNotification', () => {
  it('shows every message of every field as one notification titled error.error', () => {
    const failure = http(422, {
      errors: { email: ['first', 'second'], password: ['third'] },
    })
    expect(errorNotification(failure, catalogueT({ 'error.error': 'Error' }))).toEqual({
      title: 'Error',
      lines: ['first', 'second', 'third'],
    })
  })

  it('suppresses the h-captcha message, and shows nothing when it was the only one', () => {
    const both = http(422, {
      errors: { 'h-captcha-response': [HCAPTCHA_REQUIRED_MESSAGE], email: ['x'] },
    })
    expect(errorNotification(both, catalogueT({}))?.lines).toEqual(['x'])
    const only = http(422, { errors: { 'h-captcha-response': [HCAPTCHA_REQUIRED_MESSAGE] } })
    expect(errorNotification(only, keyT)).toBeNull()
  })

  it("shows the reference server's own bot-check refusal on that field, translated", () => {
    const refused = http(422, {
      errors: { 'h-captcha-response': ['bot_check_required: Complete the bot check first.'] },
    })
    const t = catalogueT({ 'error.bot_check_required': ru.error.bot_check_required })
    expect(errorNotification(refused, t)?.lines).toEqual([ru.error.bot_check_required])
  })

  it('translates the part before the first colon via error.{code} when the key exists', () => {
    const t = catalogueT({
      'error.error': 'Error',
      'error.already_taken': 'Already used ({{detail}})',
    })
    const failure = http(422, {
      errors: {
        email: ['already_taken: The email: a@b.c is taken.'],
        phone: ['unknown_code: Phone is odd.'],
        name: ['Free text, no code'],
      },
    })
    expect(errorNotification(failure, t)).toEqual({
      title: 'Error',
      lines: [
        'Already used (The email: a@b.c is taken.)',
        'unknown_code: Phone is odd.',
        'Free text, no code',
      ],
    })
  })

  it('shows profile.error.{error} for a 403 with data.error', () => {
    const t = catalogueT({ 'profile.error.account_blocked': 'Blocked' })
    expect(errorNotification(http(403, { data: { error: 'account_blocked' } }), t)?.lines).toEqual([
      'Blocked',
    ])
    // Its text sends the player to support: the notification asks for a link to the chat.
    expect(errorNotification(http(403, { data: { error: 'account_blocked' } }), t)?.support).toBe(
      true,
    )
    expect(errorNotification(http(403, { data: { error: 'forbidden' } }), t)?.support).toBe(
      undefined,
    )
    // Without a profile key it falls back to error.{code}, then to the code itself.
    const fallback = catalogueT({ 'error.sandbox_only': 'Sandbox only' })
    expect(
      errorNotification(http(403, { data: { error: 'sandbox_only' } }), fallback)?.lines,
    ).toEqual(['Sandbox only'])
    expect(errorNotification(http(403, { data: { error: 'odd' } }), catalogueT({}))?.lines).toEqual(
      ['odd'],
    )
  })

  it('translates data.message with data.params for other statuses', () => {
    const t = catalogueT({ 'error.amount_out_of_range': 'Between {{min}} and {{max}}' })
    const failure = http(400, {
      data: { message: 'amount_out_of_range', params: { min: 100, max: 300000 } },
    })
    expect(errorNotification(failure, t)?.lines).toEqual(['Between 100 and 300000'])
    expect(
      errorNotification(http(500, { data: { message: 'Plain words', params: {} } }), t)?.lines,
    ).toEqual(['Plain words'])
  })

  it('falls back to a status line when the body has no message', () => {
    expect(errorNotification(http(502, '<html>Bad gateway</html>'), keyT)?.lines).toEqual([
      'error.http_status {"status":502}',
    ])
  })

  it('maps the four transport failures to their messages', () => {
    const lines = (['aborted', 'network', 'unsupported-protocol'] as const).map(
      (reason) => errorNotification({ type: 'transport', reason }, keyT)?.lines[0],
    )
    expect(lines).toEqual([
      'transport.aborted',
      'transport.network',
      'transport.unsupported_protocol',
    ])
    expect(
      errorNotification({ type: 'transport', reason: 'timeout', timeoutMs: 10000 }, keyT)?.lines,
    ).toEqual(['transport.timeout {"ms":10000}'])
  })

  it('shows nothing for an ended session (the logout is the feedback)', () => {
    expect(errorNotification({ type: 'session-ended' }, keyT)).toBeNull()
  })

  it('leaves text that is not a code untouched', () => {
    expect(translateMessage('a.b: c', keyT)).toBe('a.b: c')
    expect(translateMessage('ns:key', keyT)).toBe('error.ns {"detail":"key"}')
  })
})

describe('isBalanceNotEnough', () => {
  it('recognises balance_not_enough as a message or a field code', () => {
    const message = { data: { message: 'balance_not_enough', params: {} } }
    expect(isBalanceNotEnough(http(400, message))).toBe(true)
    expect(
      isBalanceNotEnough(http(422, { errors: { amount: ['balance_not_enough: Low.'] } })),
    ).toBe(true)
    expect(isBalanceNotEnough(http(400, { data: { message: 'not_found', params: {} } }))).toBe(
      false,
    )
    expect(isBalanceNotEnough({ type: 'transport', reason: 'network' })).toBe(false)
  })
})

describe('errors namespace in en, ru and kz', () => {
  const catalogues = { en, ru, kz }

  function keys(value: unknown, prefix = ''): string[] {
    if (typeof value !== 'object' || value === null) return [prefix]
    return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
  }

  it('has the same keys in every language', () => {
    expect(keys(ru).sort()).toEqual(keys(en).sort())
    expect(keys(kz).sort()).toEqual(keys(en).sort())
  })

  it('translates every server error code, the title, the status line and transports', () => {
    for (const catalogue of Object.values(catalogues)) {
      const all = new Set(keys(catalogue))
      for (const code of errorCodes) expect(all).toContain(`error.${code}`)
      for (const key of [
        'error.error',
        'error.http_status',
        'transport.aborted',
        'transport.network',
        'transport.timeout',
        'transport.unsupported_protocol',
      ]) {
        expect(all).toContain(key)
      }
    }
  })

  it('works with i18next: the notification in Russian', async () => {
    const i18n = i18next.createInstance()
    await i18n.init({
      lng: 'ru',
      fallbackLng: false,
      ns: ['errors'],
      defaultNS: 'errors',
      resources: { ru: { errors: ru }, en: { errors: en } },
      interpolation: { escapeValue: false },
    })
    const t: Translate = i18n.getFixedT('ru', 'errors')
    const failure = http(422, {
      errors: {
        amount: ['balance_not_enough: Not enough money.'],
        email: ['Some unknown server text'],
        'h-captcha-response': [HCAPTCHA_REQUIRED_MESSAGE],
      },
    })
    expect(errorNotification(failure, t)).toEqual({
      title: 'Ошибка',
      lines: ['Недостаточно средств на балансе', 'Some unknown server text'],
    })
    expect(
      errorNotification({ type: 'transport', reason: 'timeout', timeoutMs: 10000 }, t),
    ).toEqual({
      title: 'Ошибка',
      lines: ['Превышено время ожидания (10000 мс)'],
    })
    const en_ = i18n.getFixedT('en', 'errors')
    expect(
      errorNotification({ type: 'transport', reason: 'timeout', timeoutMs: 5 }, en_)?.lines,
    ).toEqual(['timeout of 5ms exceeded'])
    expect(
      errorNotification(
        http(422, { errors: { password: ['too_small: At least 8 characters.'] } }),
        en_,
      )?.lines,
    ).toEqual(['At least 8 characters.'])
  })
})
