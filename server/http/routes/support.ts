import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import {
  SUPPORT_MAX_FILE_BYTES,
  supportAttachmentQuery,
  supportMessagesQuery,
  supportReplyRequest,
  supportSendRequest,
  type SupportMessagesResponse,
} from '../../../contract'
import type { Services } from '../../services'
import { cleanFileName, sniffFileType } from '../../support/files'
import { OPERATOR_PAGE, OPERATOR_SCRIPT } from '../../support/operatorPage'
import {
  addAttachment,
  addMessage,
  attachment,
  isOperator,
  threadMessages,
  threads,
  userExists,
} from '../../support/store'
import { authOf, requireUser } from '../auth'
import { forbidden, messageError } from '../errors'
import { parseBody, parseParams, parseQuery } from '../parse'
import { limit } from '../rateLimit'

const idParam = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53 - 1),
})
const threadParam = z.object({
  userId: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53 - 1),
})

/**
 * The support chat (docs/api.md "Support"): a signed-in player's own thread, the documents they
 * attach, and the operators' page and calls. Guests get 401: the client asks them to sign in.
 * Every operator call reads the caller's role from the database.
 */
export function supportRoutes(app: FastifyInstance, s: Services): void {
  const signedIn = requireUser(s)
  const operator = async (req: FastifyRequest) => {
    if (!req.auth) await signedIn(req)
    if (!(await isOperator(s.db, authOf(req).userId))) throw forbidden('not_operator')
  }

  app.get('/support/messages', { preHandler: signedIn }, async (req) => {
    const { after } = parseQuery(supportMessagesQuery, req)
    return {
      data: await threadMessages(s.db, authOf(req).userId, after),
    } satisfies SupportMessagesResponse
  })

  app.post('/support/messages', { preHandler: signedIn, config: limit(30) }, async (req) => {
    const { body, page } = parseBody(supportSendRequest, req)
    return { data: await addMessage(s.db, { userId: authOf(req).userId, body, page }) }
  })

  // A document is the raw request body, whatever its Content-Type says: its bytes decide.
  app.register(async (files) => {
    files.removeAllContentTypeParsers()
    files.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body))
    files.post(
      '/support/attachments',
      // A little over the limit, so a file just past it gets the translated refusal below.
      { preHandler: signedIn, config: limit(10), bodyLimit: SUPPORT_MAX_FILE_BYTES + 64 * 1024 },
      async (req) => {
        const { name, page } = parseQuery(supportAttachmentQuery, req)
        const bytes = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0)
        if (bytes.length > SUPPORT_MAX_FILE_BYTES) {
          throw messageError(413, 'support_file_too_big', { max: SUPPORT_MAX_FILE_BYTES })
        }
        const contentType = sniffFileType(bytes)
        if (!contentType) throw messageError(415, 'support_file_type', {})
        const data = await addAttachment(s.db, {
          userId: authOf(req).userId,
          name: cleanFileName(name),
          contentType,
          bytes: new Uint8Array(bytes),
          page,
        })
        return { data }
      },
    )
  })

  app.get('/support/attachments/:id', { preHandler: signedIn }, async (req, reply) => {
    const { id } = parseParams(idParam, req)
    const file = await attachment(s.db, id)
    const caller = authOf(req).userId
    // Someone else's document is "not found", never "forbidden": its existence is private too.
    if (!file || (file.userId !== caller && !(await isOperator(s.db, caller)))) {
      throw messageError(404, 'not_found', { path: req.url })
    }
    return reply
      .type(file.contentType)
      .header('content-disposition', `attachment; filename="${encodeURIComponent(file.name)}"`)
      .send(Buffer.from(file.bytes))
  })

  app.get('/support/operator', async (_req, reply) =>
    reply.type('text/html; charset=utf-8').send(OPERATOR_PAGE),
  )
  app.get('/support/operator.js', async (_req, reply) =>
    reply.type('text/javascript; charset=utf-8').send(OPERATOR_SCRIPT),
  )

  app.get('/support/operator/threads', { preHandler: operator }, async () => ({
    data: await threads(s.db),
  }))

  app.get('/support/operator/threads/:userId', { preHandler: operator }, async (req) => {
    const { userId } = parseParams(threadParam, req)
    return { data: await threadMessages(s.db, userId) }
  })

  // The body is read before the role (a malformed reply is a 422 for anyone, as on every call),
  // and nothing is written before the role is checked.
  app.post('/support/operator/threads/:userId/messages', { preHandler: signedIn }, async (req) => {
    const { userId } = parseParams(threadParam, req)
    const { body } = parseBody(supportReplyRequest, req)
    await operator(req)
    if (!(await userExists(s.db, userId))) throw messageError(404, 'not_found', { path: req.url })
    return { data: await addMessage(s.db, { userId, operatorId: authOf(req).userId, body }) }
  })
}
