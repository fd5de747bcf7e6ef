import { z } from 'zod/mini'
import { text } from './common'

/**
 * The reference server's support chat (designed, not in SPEC; docs/api.md "Support"): one thread
 * per signed-in player, operators' replies, and documents the player attaches.
 */

/** Largest document a player may attach, in bytes (5 MiB). */
export const SUPPORT_MAX_FILE_BYTES = 5 * 1024 * 1024
/** Document types the server accepts, recognised by their first bytes, not by the header. */
export const supportFileTypes = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'application/pdf',
] as const
/** Longest text of one message. */
export const SUPPORT_MAX_TEXT = 2000

/** A document attached to a message. */
export const supportAttachment = z.object({
  id: z.int(),
  name: z.string(),
  content_type: z.enum(supportFileTypes),
  size: z.int(),
})

/** One message of a thread, oldest first in every list. */
export const supportMessage = z.object({
  id: z.int(),
  author: z.enum(['player', 'operator']),
  body: z.string(),
  page: z.nullable(z.string()),
  attachment: z.nullable(supportAttachment),
  created_at: z.string(),
})
export type SupportMessage = z.infer<typeof supportMessage>

/** GET /support/messages?after=<id>: the player's own thread after that message (all without). */
export const supportMessagesQuery = z.object({
  after: z.optional(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(2 ** 53 - 1))),
})
export const supportMessagesResponse = z.object({ data: z.array(supportMessage) })
export type SupportMessagesResponse = z.infer<typeof supportMessagesResponse>

/** POST /support/messages: a player's text, with the page they wrote from. */
export const supportSendRequest = z.object({
  body: text(SUPPORT_MAX_TEXT, 1),
  page: z.optional(z.nullable(text(512))),
})
export type SupportSendRequest = z.input<typeof supportSendRequest>
/** The message as stored (POST /support/messages, /support/attachments, operator replies). */
export const supportSendResponse = z.object({ data: supportMessage })

/** POST /support/attachments?name=&page=: the document's bytes are the request body. */
export const supportAttachmentQuery = z.object({
  name: text(200, 1),
  page: z.optional(text(512)),
})

/** A thread as the operator's page lists it, the latest first. */
export const supportThread = z.object({
  user_id: z.int(),
  name: z.nullable(z.string()),
  contact: z.nullable(z.string()),
  messages: z.int(),
  last_author: z.enum(['player', 'operator']),
  last_at: z.string(),
})
export const supportThreadsResponse = z.object({ data: z.array(supportThread) })
/** POST /support/operator/threads/{userId}/messages: an operator's reply. */
export const supportReplyRequest = z.object({ body: text(SUPPORT_MAX_TEXT, 1) })
