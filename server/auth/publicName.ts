/**
 * Public names: what live tables (and later the top list and rooms) show for a player. A name is
 * generated at registration (adjective + animal + number, e.g. `BraveOtter4821`) and never derived
 * from a log-in identifier: an e-mail's local part or a phone number on a public feed tells
 * everyone watching how to reach the player and what to try logging in with (issue 24).
 */
import { randomInt } from 'node:crypto'
import { adjectives, animals } from 'unique-names-generator'
import type { Queryable } from '../db/db'

/**
 * The adjectives a name starts with: a selection of the library's dictionary. Its full list
 * (1,200 words) has words no one should be named by without choosing it (religions, politics,
 * illness, insults), so only friendly ones are taken; a test checks each is in the dictionary.
 */
// prettier-ignore
export const FRIENDLY: ReadonlySet<string> = new Set([
  'agreeable', 'alert', 'amazing', 'ambitious', 'ancient', 'brainy', 'brave', 'breezy', 'bright',
  'brilliant', 'calm', 'capable', 'careful', 'charming', 'cheerful', 'classic', 'clever',
  'colossal', 'colorful', 'confident', 'cool', 'courageous', 'creative', 'cuddly', 'curious',
  'decisive', 'delightful', 'determined', 'devoted', 'dynamic', 'eager', 'elegant', 'enchanting',
  'energetic', 'exuberant', 'fair', 'faithful', 'famous', 'fancy', 'fantastic', 'fluffy',
  'fortunate', 'friendly', 'gentle', 'giant', 'glad', 'gleaming', 'glorious', 'golden', 'graceful',
  'grand', 'happy', 'helpful', 'honest', 'jolly', 'joyous', 'keen', 'kind', 'lively', 'lucky',
  'magic', 'magnificent', 'mighty', 'modest', 'noble', 'patient', 'peaceful', 'polite', 'proud',
  'quick', 'quiet', 'quixotic', 'rapid', 'relaxed', 'royal', 'shiny', 'silent', 'silky', 'smart',
  'smiling', 'sparkling', 'splendid', 'steady', 'sunny', 'superb', 'swift', 'thoughtful',
  'tremendous', 'vivacious', 'vivid', 'wise', 'witty', 'wonderful', 'zany', 'zealous', 'zesty',
  'zippy',
])

/** The adjectives names are made of (the library's words that are in {@link FRIENDLY}). */
export const NAME_ADJECTIVES: readonly string[] = adjectives.filter((w) => FRIENDLY.has(w))

/** The animals names are made of: the library's list less a few no one wants to be called. */
export const NAME_ANIMALS: readonly string[] = animals.filter(
  (w) =>
    !['booby', 'bedbug', 'cockroach', 'hookworm', 'leech', 'louse', 'roundworm', 'tick'].includes(
      w,
    ),
)

/** The log-in identifiers of an account, which its public name must not reveal. */
export interface LoginIdentifiers {
  email?: string | null
  phone?: string | null
}

const capital = (w: string) => w.charAt(0).toUpperCase() + w.slice(1)
const letters = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '')

/**
 * True when `name` shows any part of `ids`: the e-mail's local part (or a piece of it of 3 or more
 * characters, `anna` of `anna.smith`) or a run of 4 or more of the phone's digits.
 */
export function revealsIdentifier(name: string, ids: LoginIdentifiers): boolean {
  const flat = letters(name)
  const local = ids.email?.split('@')[0] ?? ''
  const pieces = [local, ...local.split(/[^\p{L}\p{N}]+/u)]
    .map(letters)
    .filter((p) => p.length >= 3)
  if (pieces.some((p) => flat.includes(p))) return true
  const digits = ids.phone?.replace(/\D/g, '') ?? ''
  const runs = name.match(/\d{4,}/g) ?? []
  return digits.length > 0 && runs.some((r) => digits.includes(r) || r.includes(digits))
}

/**
 * A fresh public name, e.g. `BraveOtter4821`: a friendly adjective, an animal and a number from
 * 1000 to 9999, picked with node:crypto. About 97 × 350 × 9000 ≈ 300 million names, so a name
 * says nothing about who holds it; one that happens to show a piece of `ids` is drawn again.
 */
export function generatePublicName(ids: LoginIdentifiers = {}): string {
  for (;;) {
    const name =
      capital(NAME_ADJECTIVES[randomInt(NAME_ADJECTIVES.length)]!) +
      capital(NAME_ANIMALS[randomInt(NAME_ANIMALS.length)]!) +
      String(randomInt(1000, 10_000))
    if (!revealsIdentifier(name, ids)) return name
  }
}

/**
 * Names every account that has no public name: accounts made before names were generated
 * (phone registrations had none) and those migration 014 cleared because their name was their
 * e-mail's local part or their phone. The stored bets of a renamed player take the new name too,
 * since live tables are rebuilt from them after a restart. Run at start, after the migrations;
 * returns how many accounts were named.
 */
export async function assignPublicNames(db: Queryable): Promise<number> {
  const unnamed = await db.query<{ id: number; email: string | null; phone: string | null }>(
    'SELECT id, email, phone FROM users WHERE name IS NULL ORDER BY id',
  )
  for (const u of unnamed) {
    const name = generatePublicName(u)
    const named = await db.query(
      'UPDATE users SET name = $2 WHERE id = $1 AND name IS NULL RETURNING id',
      [u.id, name],
    )
    // Another process starting at the same time named this one first.
    if (named.length === 0) continue
    await db.query('UPDATE crash_bets SET player = $2 WHERE user_id = $1', [u.id, name])
    await db.query('UPDATE instant_bets SET player = $2 WHERE user_id = $1', [u.id, name])
  }
  return unnamed.length
}
