/**
 * The one in-memory idempotency layer of a game: the first answer to each (player, command, key),
 * so a command repeated with its key (a retry after a lost ack, a resend on a new connection, a
 * double click) gets that answer again and changes nothing. Bounded, oldest forgotten first: the
 * durable layers beneath it are the first ack each game keeps with its bet row and the ledger's
 * own idempotency keys, so a key forgotten here (or by a restart) still answers the same.
 */
import type { UserId } from './player'

/** How many first answers a game remembers by default: hours of play for a busy table. */
export const ANSWER_CACHE_SIZE = 20_000

/** First answers by (player, command, key). */
export class AnswerStore {
  private readonly answers = new Map<string, Promise<unknown>>()

  constructor(private readonly capacity = ANSWER_CACHE_SIZE) {}

  /**
   * The first answer given to this key, else `run()`'s, remembered from the instant it starts:
   * two concurrent repeats share one run.
   */
  once<T>(userId: UserId, command: string, key: string, run: () => Promise<T>): Promise<T> {
    const id = keyOf(userId, command, key)
    const known = this.answers.get(id)
    if (known) return known as Promise<T>
    const answer = run()
    this.set(id, answer)
    return answer
  }

  /** Remembers an answer given before this process started (a restart's standing bets). */
  remember(userId: UserId, command: string, key: string, answer: unknown): void {
    this.set(keyOf(userId, command, key), Promise.resolve(answer))
  }

  private set(id: string, answer: Promise<unknown>): void {
    this.answers.set(id, answer)
    if (this.answers.size > this.capacity) this.answers.delete(this.answers.keys().next().value!)
  }
}

function keyOf(userId: UserId, command: string, key: string): string {
  return `${userId}:${command}:${key}`
}
