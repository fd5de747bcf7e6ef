import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z as classic } from 'zod'
import { z as mini } from 'zod/mini'
import {
  loginEmailPasswordRequest,
  passwordUpdateRequest,
  registerEmailRequest,
  STORABLE_TEXT,
} from '../../contract'
import { errorHandler, tooManyRequests, zodToErrors } from './errors'
import { parseBody } from './parse'

// The same body in both flavours, so a difference in the 422 can only come from the flavour.
const classicLogin = classic.object({
  email: classic.email(),
  password: classic.string().min(1).max(128),
})
const miniLogin = mini.object({
  email: mini.email(),
  password: mini.string().check(mini.minLength(1), mini.maxLength(128)),
})

const bad = { email: 'not-an-email' }

describe('zod errors from zod/mini schemas', () => {
  let app: FastifyInstance
  beforeAll(async () => {
    app = Fastify()
    app.setErrorHandler(errorHandler)
    // A handler that lets a schema's own `parse` throw, as route code may.
    app.post('/classic', (req) => classicLogin.parse(req.body))
    app.post('/mini', (req) => miniLogin.parse(req.body))
    app.post('/protocol', (req) => loginEmailPasswordRequest.parse(req.body))
    app.post('/parse-body', (req) => parseBody(passwordUpdateRequest, req))
    app.post('/bug', () => {
      throw new Error('[test] a bug')
    })
    await app.ready()
  })
  afterAll(() => app.close())

  const post = (url: string, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url, payload })

  it('a thrown mini error is a 422 with the same body as a classic one', async () => {
    const fromClassic = await post('/classic', bad)
    const fromMini = await post('/mini', bad)
    expect(fromClassic.statusCode).toBe(422)
    expect(fromMini.statusCode).toBe(422)
    expect(fromMini.json()).toEqual(fromClassic.json())
    expect(fromMini.json()).toEqual({
      errors: {
        email: ['invalid: Invalid email address'],
        password: ['required: This field is required.'],
      },
    })
  })

  it('a shared protocol schema (zod/mini) thrown from a handler is a 422 naming the fields', async () => {
    const answer = await post('/protocol', { email: 'player@example.com', password: '' })
    expect(answer.statusCode).toBe(422)
    expect(Object.keys(answer.json<{ errors: object }>().errors)).toEqual(['password'])
  })

  it('parseBody with a protocol schema answers 422 for each missing field', async () => {
    const answer = await post('/parse-body', {})
    expect(answer.statusCode).toBe(422)
    expect(answer.json()).toEqual({
      errors: {
        old_password: ['required: This field is required.'],
        password: ['required: This field is required.'],
        password_confirm: ['required: This field is required.'],
      },
    })
  })

  it('an error that is not zod stays a 500', async () => {
    const answer = await post('/bug', {})
    expect(answer.statusCode).toBe(500)
  })

  it('zodToErrors reads a mini safeParse error and applies renames', () => {
    const result = mini.safeParse(miniLogin, bad)
    expect(result.success).toBe(false)
    if (result.success) return
    expect(zodToErrors(result.error, { email: 'login' })).toEqual({
      login: ['invalid: Invalid email address'],
      password: ['required: This field is required.'],
    })
  })
})

describe('the last line: values the database refuses', () => {
  let app: FastifyInstance
  /** An error shaped as both database drivers throw them. */
  const dbError = (code: string) =>
    Object.assign(new Error(`[test] database error ${code}`), { severity: 'ERROR', code })
  beforeAll(async () => {
    app = Fastify({ logger: false })
    app.setErrorHandler(errorHandler)
    app.get('/db/:code', (req) => {
      throw dbError((req.params as { code: string }).code)
    })
    app.get('/wait', () => {
      throw tooManyRequests(2.2)
    })
    await app.ready()
  })
  afterAll(() => app.close())

  it('answers a data exception (SQLSTATE class 22) 400, any other database error 500', async () => {
    for (const code of ['22021', '22003', '22P05', '22009']) {
      const res = await app.inject({ method: 'GET', url: `/db/${code}` })
      expect(res.statusCode, code).toBe(400)
      expect(res.json()).toEqual({
        data: { message: 'bad_request', params: { reason: 'invalid_value' } },
      })
    }
    for (const code of ['23505', '40001', '57014']) {
      expect((await app.inject({ method: 'GET', url: `/db/${code}` })).statusCode, code).toBe(500)
    }
  })

  it('answers 429 with Retry-After in whole seconds, as the rate limit does', async () => {
    const res = await app.inject({ method: 'GET', url: '/wait' })
    expect(res.statusCode).toBe(429)
    expect(res.headers['retry-after']).toBe('3')
    expect(res.json()).toEqual({
      data: { message: 'too_many_requests', params: { retry_after: 3 } },
    })
  })
})

describe('the wire rule for text', () => {
  it('refuses NUL and lone surrogates, keeps every other character', () => {
    for (const bad of ['a\u0000b', '\ud800', 'x\udfff', '\udbff\u0041', '\ude00\ud83d']) {
      expect(STORABLE_TEXT.test(bad), JSON.stringify(bad)).toBe(false)
    }
    for (const good of ['', 'plain', 'tab\tnew\nline\u0001', '😀 emoji', 'Ωμέγα', '\uffff']) {
      expect(STORABLE_TEXT.test(good), JSON.stringify(good)).toBe(true)
    }
  })

  it('names the field in a 422 line, as every other rule does', () => {
    const result = classic.safeParse(registerEmailRequest, {
      email: 'a@b.test',
      password: 'password-123',
      timezone: 'Europe/\u0000',
    })
    expect(result.success).toBe(false)
    if (result.success) return
    expect(zodToErrors(result.error)).toEqual({
      timezone: [
        'invalid: The text holds a character that cannot be stored (NUL or half a surrogate pair).',
      ],
    })
  })
})
