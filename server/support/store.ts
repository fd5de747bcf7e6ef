import type { SupportMessage } from '../../contract'
import type { Db, Queryable } from '../db/db'

interface MessageRow {
  id: number
  author: 'player' | 'operator'
  body: string
  page: string | null
  created_at: Date | string
  a_id: number | null
  a_name: string | null
  a_type: string | null
  a_size: number | null
}

const SELECT_MESSAGES = `SELECT m.id, m.author, m.body, m.page, m.created_at,
    a.id AS a_id, a.name AS a_name, a.content_type AS a_type, a.size AS a_size
  FROM support_messages m LEFT JOIN support_attachments a ON a.id = m.attachment_id`

function view(r: MessageRow): SupportMessage {
  return {
    id: r.id,
    author: r.author,
    body: r.body,
    page: r.page,
    attachment:
      r.a_id === null
        ? null
        : {
            id: r.a_id,
            name: r.a_name ?? '',
            content_type: r.a_type as NonNullable<SupportMessage['attachment']>['content_type'],
            size: r.a_size ?? 0,
          },
    created_at: new Date(r.created_at).toISOString(),
  }
}

/** A player's thread after message `after` (0: all), oldest first, at most 200. */
export async function threadMessages(db: Db, userId: number, after = 0): Promise<SupportMessage[]> {
  const rows = await db.query<MessageRow>(
    `${SELECT_MESSAGES} WHERE m.user_id = $1 AND m.id > $2 ORDER BY m.id LIMIT 200`,
    [userId, after],
  )
  return rows.map(view)
}

async function messageById(q: Queryable, id: number): Promise<SupportMessage> {
  const rows = await q.query<MessageRow>(`${SELECT_MESSAGES} WHERE m.id = $1`, [id])
  if (!rows[0]) throw new Error(`[support] message ${id} vanished`)
  return view(rows[0])
}

/** Writes a message to a player's thread: the player's own, or an operator's reply. */
export async function addMessage(
  db: Db,
  m: {
    userId: number
    operatorId?: number
    body: string
    page?: string | null
    attachmentId?: number
  },
): Promise<SupportMessage> {
  return db.transaction(async (tx) => {
    const rows = await tx.query<{ id: number }>(
      `INSERT INTO support_messages (user_id, author, operator_id, body, page, attachment_id)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [
        m.userId,
        m.operatorId === undefined ? 'player' : 'operator',
        m.operatorId ?? null,
        m.body,
        m.page ?? null,
        m.attachmentId ?? null,
      ],
    )
    return messageById(tx, rows[0]!.id)
  })
}

/** Stores a document and the message that carries it, in one transaction. */
export async function addAttachment(
  db: Db,
  a: { userId: number; name: string; contentType: string; bytes: Uint8Array; page?: string },
): Promise<SupportMessage> {
  return db.transaction(async (tx) => {
    const file = await tx.query<{ id: number }>(
      `INSERT INTO support_attachments (user_id, name, content_type, size, data)
       VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [a.userId, a.name, a.contentType, a.bytes.length, a.bytes],
    )
    const msg = await tx.query<{ id: number }>(
      `INSERT INTO support_messages (user_id, author, body, page, attachment_id)
       VALUES ($1, 'player', '', $2, $3) RETURNING id`,
      [a.userId, a.page ?? null, file[0]!.id],
    )
    return messageById(tx, msg[0]!.id)
  })
}

/** A stored document with the thread (player) it belongs to. */
export async function attachment(
  db: Db,
  id: number,
): Promise<{ userId: number; name: string; contentType: string; bytes: Uint8Array } | null> {
  const rows = await db.query<{
    user_id: number
    name: string
    content_type: string
    data: Uint8Array
  }>('SELECT user_id, name, content_type, data FROM support_attachments WHERE id = $1', [id])
  const r = rows[0]
  return r ? { userId: r.user_id, name: r.name, contentType: r.content_type, bytes: r.data } : null
}

/** Every thread, the one with the latest message first (the operator's page), at most 200. */
export async function threads(db: Db) {
  const rows = await db.query<{
    user_id: number
    name: string | null
    contact: string | null
    messages: number
    last_author: 'player' | 'operator'
    last_at: Date | string
  }>(
    `SELECT t.user_id, u.name, COALESCE(u.email, u.phone) AS contact, t.messages,
        last.author AS last_author, last.created_at AS last_at
      FROM (SELECT user_id, count(*)::int AS messages, max(id) AS last_id
              FROM support_messages GROUP BY user_id) t
      JOIN support_messages last ON last.id = t.last_id
      JOIN users u ON u.id = t.user_id
      ORDER BY t.last_id DESC LIMIT 200`,
  )
  return rows.map((r) => ({ ...r, last_at: new Date(r.last_at).toISOString() }))
}

/** Whether the user holds the operator role: read on every operator call, never cached. */
export async function isOperator(db: Db, userId: number): Promise<boolean> {
  const rows = await db.query<{ role: string }>('SELECT role FROM users WHERE id = $1', [userId])
  return rows[0]?.role === 'operator'
}

/** Whether a player with this id exists (a reply needs a thread owner). */
export async function userExists(db: Db, userId: number): Promise<boolean> {
  return (await db.query('SELECT 1 FROM users WHERE id = $1', [userId])).length > 0
}
