import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  SUPPORT_MAX_FILE_BYTES,
  supportMessagesResponse,
  supportSendResponse,
  supportThreadsResponse,
} from '../../contract'
import { DEMO_OPERATOR } from '../../server/support/seed'
import { testDrivers } from './support/drivers'
import { startTestApp, type TestApp } from './support/harness'

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 1, 2, 3])
const PDF = Buffer.from('%PDF-1.4\n%test document\n')

/**
 * The support chat (server/http/routes/support.ts) on each database driver: a player's thread,
 * documents checked by their bytes, and the operator role checked on every operator call.
 */
describe.each(testDrivers())('support chat on $name', (driver) => {
  let t: TestApp
  let close: (() => Promise<void>) | undefined
  let demo: string
  let other: { token: string; id: number }
  let operator: string
  let demoId: number

  beforeAll(async () => {
    const opened = await driver.open()
    close = opened.close
    t = await startTestApp(opened.db)
    demo = (await t.login()).token
    operator = (await t.login(DEMO_OPERATOR.email, DEMO_OPERATOR.password)).token
    const reg = await t.call('POST', '/api/api/v2/auth/register/email', {
      body: { email: 'chat-other@tessera.test', password: 'password-123' },
    })
    const id = await opened.db.query<{ id: number }>(
      "SELECT id FROM users WHERE email = 'chat-other@tessera.test'",
    )
    other = { token: reg.json<{ data: { token: string } }>().data.token, id: id[0]!.id }
    demoId = (
      await opened.db.query<{ id: number }>(
        "SELECT id FROM users WHERE email = 'demo@tessera.test'",
      )
    )[0]!.id
  }, 120_000)
  afterAll(async () => {
    await t?.close()
    await close?.()
  })

  const upload = (
    token: string | undefined,
    bytes: Buffer,
    name = 'passport.png',
    type = 'image/png',
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/api/support/attachments?name=${encodeURIComponent(name)}&page=%2Fprofile`,
      headers: { 'content-type': type, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      payload: bytes,
    })

  it('keeps a player thread: messages with their page, after a cursor', async () => {
    const sent = await t.call('POST', '/api/support/messages', {
      token: demo,
      body: { body: 'I cannot deposit', page: '/ru/bonuses' },
    })
    expect(sent.statusCode, sent.body).toBe(200)
    const first = supportSendResponse.parse(sent.json()).data
    expect(first).toMatchObject({ author: 'player', body: 'I cannot deposit', page: '/ru/bonuses' })
    await t.call('POST', '/api/support/messages', { token: demo, body: { body: 'Second' } })
    const after = supportMessagesResponse.parse(
      (await t.call('GET', `/api/support/messages?after=${first.id}`, { token: demo })).json(),
    )
    expect(after.data.map((m) => m.body)).toEqual(['Second'])
  })

  it('never shows a player another player’s thread or document', async () => {
    const mine = supportMessagesResponse.parse(
      (await t.call('GET', '/api/support/messages', { token: other.token })).json(),
    )
    expect(mine.data).toEqual([])
    const doc = supportSendResponse.parse((await upload(demo, PNG)).json()).data
    const theirs = await t.call('GET', `/api/support/attachments/${doc.attachment!.id}`, {
      token: other.token,
    })
    expect(theirs.statusCode).toBe(404)
    const own = await t.call('GET', `/api/support/attachments/${doc.attachment!.id}`, {
      token: demo,
    })
    expect(own.statusCode).toBe(200)
    expect(own.headers['content-type']).toBe('image/png')
    expect(Buffer.from(own.rawPayload)).toEqual(PNG)
    // A player is no operator: the operator calls refuse them whatever the thread.
    for (const [method, url] of [
      ['GET', '/api/support/operator/threads'],
      ['GET', `/api/support/operator/threads/${demoId}`],
      ['POST', `/api/support/operator/threads/${demoId}/messages`],
    ] as const) {
      const res = await t.call(method, url, { token: other.token, body: { body: 'I am staff' } })
      expect(res.statusCode, `${method} ${url}`).toBe(403)
      expect(res.json()).toEqual({ data: { error: 'not_operator' } })
    }
  })

  it('lets an operator read every thread and reply, and the reply reaches the player', async () => {
    const list = supportThreadsResponse.parse(
      (await t.call('GET', '/api/support/operator/threads', { token: operator })).json(),
    )
    expect(list.data.find((x) => x.user_id === demoId)).toMatchObject({
      contact: 'demo@tessera.test',
      last_author: 'player',
    })
    const reply = await t.call('POST', `/api/support/operator/threads/${demoId}/messages`, {
      token: operator,
      body: { body: 'Send a photo of your passport, please.' },
    })
    expect(reply.statusCode, reply.body).toBe(200)
    const thread = supportMessagesResponse.parse(
      (await t.call('GET', '/api/support/messages', { token: demo })).json(),
    )
    expect(thread.data.at(-1)).toMatchObject({
      author: 'operator',
      body: 'Send a photo of your passport, please.',
    })
    const doc = thread.data.find((m) => m.attachment)!.attachment!
    const read = await t.call('GET', `/api/support/attachments/${doc.id}`, { token: operator })
    expect(read.statusCode).toBe(200)
    const missing = await t.call('POST', '/api/support/operator/threads/999999/messages', {
      token: operator,
      body: { body: 'Hello' },
    })
    expect(missing.statusCode).toBe(404)
  })

  it('refuses a document whose bytes are no image or PDF, whatever its header says', async () => {
    const fake = await upload(demo, Buffer.from('<script>alert(1)</script>'), 'x.png', 'image/png')
    expect(fake.statusCode).toBe(415)
    expect(fake.json()).toEqual({ data: { message: 'support_file_type', params: {} } })
    const empty = await upload(demo, Buffer.alloc(0))
    expect(empty.statusCode).toBe(415)
    const pdf = await upload(demo, PDF, '../../etc/passwd.pdf', 'application/octet-stream')
    expect(pdf.statusCode, pdf.body).toBe(200)
    expect(supportSendResponse.parse(pdf.json()).data.attachment).toMatchObject({
      name: 'passwd.pdf',
      content_type: 'application/pdf',
    })
  })

  it('refuses a document over the size limit with its own code, and guests', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(SUPPORT_MAX_FILE_BYTES)])
    const res = await upload(demo, big)
    expect(res.statusCode).toBe(413)
    expect(res.json().data.message).toBe('support_file_too_big')
    expect((await upload(undefined, PNG)).statusCode).toBe(401)
    expect((await t.call('GET', '/api/support/messages')).statusCode).toBe(401)
  })

  it('refuses an empty message and a text over 2000 characters', async () => {
    for (const body of ['', 'x'.repeat(2001)]) {
      const res = await t.call('POST', '/api/support/messages', { token: demo, body: { body } })
      expect(res.statusCode).toBe(422)
    }
  })
})
