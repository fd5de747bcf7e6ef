/**
 * The player's seed pair over HTTP (contract/games.ts): read it, set the client seed, rotate.
 * Answers are parsed with the contract's schemas on arrival.
 */
import {
  SEEDS_PATH,
  rotateSeedsResponse,
  seedPairResponse,
  type RotateSeedsResponse,
  type SeedPairResponse,
} from '../../../contract'

/** What a seed call ends in: the answer, or why not (`game_in_progress` on a refused rotation). */
export type SeedsResult<T> = { ok: true; value: T } | { ok: false; reason: 'busy' | 'failed' }

/** The seed pair calls, for one signed-in player. */
export interface SeedsApi {
  get(): Promise<SeedsResult<SeedPairResponse>>
  setClientSeed(clientSeed: string): Promise<SeedsResult<SeedPairResponse>>
  rotate(): Promise<SeedsResult<RotateSeedsResponse>>
}

/** The seed pair calls against the service at `serviceUrl`, signed with the player's token. */
export function seedsApi(
  serviceUrl: string,
  getToken: () => string | null,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): SeedsApi {
  const base = `${serviceUrl.replace(/\/+$/, '')}${SEEDS_PATH}`
  async function call<T>(
    path: string,
    method: string,
    body: unknown,
    parse: (value: unknown) => T,
  ): Promise<SeedsResult<T>> {
    const token = getToken()
    try {
      const response = await fetchImpl(`${base}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      if (response.status === 409) return { ok: false, reason: 'busy' }
      if (!response.ok) return { ok: false, reason: 'failed' }
      return { ok: true, value: parse(await response.json()) }
    } catch {
      return { ok: false, reason: 'failed' }
    }
  }
  return {
    get: () => call('', 'GET', undefined, (v) => seedPairResponse.parse(v)),
    setClientSeed: (clientSeed) =>
      call('', 'PUT', { client_seed: clientSeed }, (v) => seedPairResponse.parse(v)),
    rotate: () => call('/rotate', 'POST', {}, (v) => rotateSeedsResponse.parse(v)),
  }
}
