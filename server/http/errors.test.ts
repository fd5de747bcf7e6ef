import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z as classic } from 'zod'
import { z as mini } from 'zod/mini'
import { loginEmailPasswordRequest, passwordUpdateRequest } from '../../contract'
import { errorHandler, zodToErrors } from './errors'
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
