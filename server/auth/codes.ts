import type { Db } from '../db/db'
import { hashToken, newCode } from './tokens'

/** What a one-time code is for. */
export type CodePurpose = 'login' | 'verify_email' | 'verify_phone' | 'reset'

const CODE_TTL_MS = 10 * 60_000
/** Seconds before another code may be sent to the same target. */
export const RESEND_COOLDOWN_S = 60
const MAX_ATTEMPTS = 5

/**
 * One-time codes sent by e-mail or SMS: six digits, valid ten minutes, at most five guesses, one
 * use, stored hashed with their purpose and target.
 */
export class Codes {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  private hash(purpose: CodePurpose, target: string, code: string) {
    return hashToken(`${purpose}:${target}:${code}`)
  }

  /** Seconds left before a new code may be sent to this target (0 = now). */
  async cooldown(purpose: CodePurpose, target: string): Promise<number> {
    const rows = await this.db.query<{ created_at: Date }>(
      'SELECT created_at FROM one_time_codes WHERE purpose = $1 AND target = $2 ORDER BY id DESC LIMIT 1',
      [purpose, target],
    )
    const last = rows[0]?.created_at
    if (!last) return 0
    const left = RESEND_COOLDOWN_S - (this.now().getTime() - last.getTime()) / 1000
    return Math.max(0, Math.ceil(left))
  }

  /** Issues a new code, replacing earlier unused ones for the same purpose and target. */
  async issue(purpose: CodePurpose, target: string): Promise<string> {
    const code = newCode()
    const now = this.now()
    await this.db.transaction(async (tx) => {
      await tx.query(
        'UPDATE one_time_codes SET used_at = $3 WHERE purpose = $1 AND target = $2 AND used_at IS NULL',
        [purpose, target, now],
      )
      await tx.query(
        `INSERT INTO one_time_codes (purpose, target, code_hash, expires_at, created_at)
         VALUES ($1, $2, $3, $4, $5)`,
        [
          purpose,
          target,
          this.hash(purpose, target, code),
          new Date(now.getTime() + CODE_TTL_MS),
          now,
        ],
      )
    })
    return code
  }

  /** Consumes a code: true once for the right code within its life and attempt budget. */
  async consume(purpose: CodePurpose, target: string, code: string): Promise<boolean> {
    return (await this.guess(purpose, target, code)) === 'valid'
  }

  /**
   * Consumes a code, telling a wrong guess at a live code (`wrong`, which spends one of its
   * guesses) from a try with no live code to guess (`none`: never sent, used, expired or out of
   * guesses), which could not have let anyone in.
   */
  async guess(purpose: CodePurpose, target: string, code: string): Promise<CodeGuess> {
    const now = this.now()
    return this.db.transaction(
      async (tx) => {
        const rows = await tx.query<{
          id: number
          code_hash: string
          attempts: number
          expires_at: Date
        }>(
          `SELECT id, code_hash, attempts, expires_at FROM one_time_codes
         WHERE purpose = $1 AND target = $2 AND used_at IS NULL ORDER BY id DESC LIMIT 1 FOR UPDATE`,
          [purpose, target],
        )
        const row = rows[0]
        if (!row || row.expires_at.getTime() <= now.getTime() || row.attempts >= MAX_ATTEMPTS)
          return 'none'
        if (row.code_hash !== this.hash(purpose, target, code)) {
          await tx.query('UPDATE one_time_codes SET attempts = attempts + 1 WHERE id = $1', [
            row.id,
          ])
          return 'wrong'
        }
        await tx.query('UPDATE one_time_codes SET used_at = $2 WHERE id = $1', [row.id, now])
        return 'valid'
      },
      { isolation: 'read committed' },
    )
  }
}

/** What guessing a code found: see {@link Codes.guess}. */
export type CodeGuess = 'valid' | 'wrong' | 'none'
