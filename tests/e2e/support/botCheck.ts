/**
 * Solves the server's ALTCHA bot check in Node, for tests that register, ask for log-in codes or
 * reset passwords straight over HTTP (the browser solves it in a worker, src/features/botcheck).
 * The e2e and integration servers run the check for real at a low difficulty
 * (BOT_CHECK_MAX_NUMBER), so this finds the counter in a few hundred hashes.
 */
import type { APIRequestContext } from '@playwright/test'
import { solveChallenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/sha'
import { altchaChallenge, BOT_CHECK_FIELD } from '../../../contract'

/** The ALTCHA payload (base64 JSON) for a challenge as GET /captcha/challenge answers it. */
export async function solveAltcha(challengeJson: unknown): Promise<string> {
  const challenge = altchaChallenge.parse(challengeJson)
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 0 })
  if (!solution) throw new Error('[botCheck] no solution found')
  const payload = {
    challenge,
    solution: { counter: solution.counter, derivedKey: solution.derivedKey },
  }
  return Buffer.from(JSON.stringify(payload)).toString('base64')
}

/**
 * `{ 'h-captcha-response': <solution> }` for one guarded request to the server at `origin`
 * (e.g. `http://127.0.0.1:4173`): a fresh challenge each time, since a solution works once.
 */
export async function botCheckField(origin: string): Promise<Record<string, string>> {
  const res = await fetch(`${origin}/api/captcha/challenge`)
  if (!res.ok) throw new Error(`[botCheck] challenge: ${res.status} ${await res.text()}`)
  return { [BOT_CHECK_FIELD]: await solveAltcha(await res.json()) }
}

/** The same through a Playwright request context (its base URL is the e2e server). */
export async function botCheckData(request: APIRequestContext): Promise<Record<string, string>> {
  const res = await request.get('/api/captcha/challenge')
  if (!res.ok()) throw new Error(`[botCheck] challenge: ${res.status()} ${await res.text()}`)
  return { [BOT_CHECK_FIELD]: await solveAltcha(await res.json()) }
}
