import type { OutboxMessage } from '../../contract'
import type { Db } from '../db/db'

/**
 * Where e-mails and SMS go. The reference server has no real provider: every message is stored
 * in the `outbox` table, which sandbox mode exposes at GET /api/sandbox/outbox and the dev page.
 */
export class Outbox {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  /** Records a message to `to`; `code` is the secret it carries, for the dev page and tests. */
  async send(m: {
    channel: 'email' | 'sms'
    to: string
    subject: string
    body: string
    code?: string
  }): Promise<void> {
    await this.db.query(
      `INSERT INTO outbox (channel, recipient, subject, body, code, created_at) VALUES ($1, $2, $3, $4, $5, $6)`,
      [m.channel, m.to, m.subject, m.body, m.code ?? null, this.now()],
    )
  }

  /** Latest messages, newest first, optionally for one recipient. */
  async list(to: string | undefined, limit: number): Promise<OutboxMessage[]> {
    const rows = await this.db.query<{
      id: number
      channel: 'email' | 'sms'
      recipient: string
      subject: string
      body: string
      code: string | null
      created_at: Date
    }>(
      `SELECT id, channel, recipient, subject, body, code, created_at FROM outbox
       WHERE $1::text IS NULL OR recipient = $1 ORDER BY id DESC LIMIT $2`,
      [to ?? null, limit],
    )
    return rows.map((r) => ({
      id: r.id,
      channel: r.channel,
      to: r.recipient,
      subject: r.subject,
      body: r.body,
      code: r.code,
      created_at: r.created_at.toISOString(),
    }))
  }
}
