import { expect, type BrowserContext, type Page } from '@playwright/test'
import { createHash } from 'node:crypto'

import { hashServerSeed } from '../../../games/engine/fairness'
import { fundedPlayer } from './CrashPage'
import { openGame } from './openGame'

/** The seed pair a test's rounds are drawn from, known before the first one opens. */
export interface KnownSeeds {
  serverSeed: string
  clientSeed: string
}

/** A known seed pair derived from a test's name (`sha256('tessera e2e <name>')`, `e2e-<name>`). */
export function seedsNamed(name: string, clientSeed = `e2e-${name}`): KnownSeeds {
  return {
    serverSeed: createHash('sha256').update(`tessera e2e ${name}`).digest('hex'),
    clientSeed,
  }
}

/**
 * A fresh funded player (RUB) whose active seed pair the test chose: the test hook commits the
 * next server seed, a rotation makes it active at nonce 0 with `clientSeed`, so the published
 * algorithm tells every round's board, cards or flips in advance (no test waits on luck). The
 * page is signed in and on `/games/<game>`, its socket online.
 */
export async function playerWithSeeds(
  context: BrowserContext,
  baseURL: string,
  game: string,
  seeds: KnownSeeds,
): Promise<{ page: Page; token: string }> {
  const token = await fundedPlayer(context.request)
  const headers = { Authorization: `Bearer ${token}` }
  const hook = await context.request.post('/api/test-hooks/seeds/next', {
    headers,
    data: { serverSeed: seeds.serverSeed },
  })
  expect(hook.ok(), await hook.text()).toBe(true)
  const rotated = await context.request.post('/api/games/seeds/rotate', {
    headers,
    data: { client_seed: seeds.clientSeed },
  })
  expect(rotated.ok(), await rotated.text()).toBe(true)
  expect((await rotated.json()).active.server_seed_hash).toBe(hashServerSeed(seeds.serverSeed))
  await context.addCookies([{ name: 'token', value: token, url: baseURL }])
  const page = await context.newPage()
  await openGame(page, game)
  return { page, token }
}
