import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BOT_CHECK_FIELD, type ValidationErrorBody } from '../../contract'
import { solveAltcha } from '../e2e/support/botCheck'
import { testDrivers } from './support/drivers'
import { startTestApp, type TestApp } from './support/harness'

/** Every call the bot check guards, with a body that is otherwise valid. */
const GUARDED: readonly [string, Record<string, unknown>][] = [
  ['/api/api/v2/auth/register/email', { email: 'guard@tessera.test', password: 'password-123' }],
  ['/api/api/v2/auth/register/phone', { phone: '+79990001122', password: 'password-123' }],
  // Each to its own address: a second code to one address waits out its cooldown.
  ['/api/api/v2/auth/login/email/verification', { email: 'code-1@tessera.test' }],
  ['/api/api/v2/auth/login/phone/verification', { phone: '+79990001123' }],
  ['/api/api/v2/auth/login/phone/code/resend?type=sms', { phone: '+79990001124' }],
  ['/api/login/email/resend', { email: 'code-2@tessera.test' }],
  ['/api/api/v2/auth/password/email/forgot', { email: 'code-3@tessera.test' }],
  ['/api/api/v2/auth/password/phone/forgot', { phone: '+79990001125' }],
]

const ENV = {
  BOT_CHECK: 'altcha',
  BOT_CHECK_HMAC_KEY: 'integration-hmac-key-0123456789',
  BOT_CHECK_MAX_NUMBER: '500',
}

/**
 * The bot check on the real app (issue #31 item 7): GET /captcha/challenge, the refusal of every
 * guarded call without a solution, and single use across two apps (two processes) sharing one
 * database.
 */
describe.each(testDrivers())('bot check on $name', (driver) => {
  let t: TestApp
  let other: TestApp
  let close: (() => Promise<void>) | undefined

  beforeAll(async () => {
    const opened = await driver.open()
    close = opened.close
    t = await startTestApp(opened.db, ENV)
    other = await startTestApp(opened.db, ENV)
  }, 120_000)
  afterAll(async () => {
    await t?.close()
    await other?.close()
    await close?.()
  })

  const solved = async (app: TestApp) => {
    const res = await app.call('GET', '/api/captcha/challenge')
    expect(res.statusCode).toBe(200)
    return { [BOT_CHECK_FIELD]: await solveAltcha(res.json()) }
  }
  const refusal = (body: string) =>
    (JSON.parse(body) as ValidationErrorBody).errors[BOT_CHECK_FIELD]?.[0]?.split(':')[0]

  it('tells the client which check to run, never a secret', async () => {
    const res = await t.call('GET', '/api/config')
    expect(res.json<{ bot_check: unknown }>().bot_check).toEqual({
      provider: 'altcha',
      site_key: null,
    })
    expect(res.body).not.toContain(ENV.BOT_CHECK_HMAC_KEY)
  })

  it.each(GUARDED)('%s refuses a request without a solution, and takes one', async (url, body) => {
    const bare = await t.call('POST', url, { body })
    expect(bare.statusCode, bare.body).toBe(422)
    expect(refusal(bare.body)).toBe('bot_check_required')
    const passed = await t.call('POST', url, { body: { ...body, ...(await solved(t)) } })
    expect(passed.statusCode, passed.body).toBe(200)
  })

  it('takes a solution once, on any process over the database', async () => {
    const solution = await solved(t)
    const body = { email: 'once@tessera.test', password: 'password-123', ...solution }
    const first = await t.call('POST', '/api/api/v2/auth/register/email', { body })
    expect(first.statusCode, first.body).toBe(200)
    const again = { ...body, email: 'twice@tessera.test' }
    const replayed = await other.call('POST', '/api/api/v2/auth/register/email', { body: again })
    expect(replayed.statusCode).toBe(422)
    expect(refusal(replayed.body)).toBe('bot_check_failed')
  })

  it('leaves the other calls alone', async () => {
    expect((await t.login()).token).toBeTruthy()
  })
})

describe('bot check off', () => {
  let t: TestApp
  let close: (() => Promise<void>) | undefined
  beforeAll(async () => {
    const opened = await testDrivers()[0]!.open()
    close = opened.close
    t = await startTestApp(opened.db, { BOT_CHECK: 'off' })
  }, 120_000)
  afterAll(async () => {
    await t?.close()
    await close?.()
  })

  it('asks for no solution and serves no challenge', async () => {
    const res = await t.call('POST', '/api/api/v2/auth/login/email/verification', {
      body: { email: 'demo@tessera.test' },
    })
    expect(res.statusCode).toBe(200)
    expect((await t.call('GET', '/api/captcha/challenge')).statusCode).toBe(404)
    expect((await t.call('GET', '/api/config')).json<{ bot_check: unknown }>().bot_check).toEqual({
      provider: 'off',
      site_key: null,
    })
  })
})
