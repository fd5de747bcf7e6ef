/**
 * The operator's randomness beacon (ROOMS_BEACON_URL): at each close the URL's body, trimmed, is
 * the ticket list's last line (`beacon <value>`, games/engine/fairness/tickets.ts). The server
 * checks only its form; whether the value was fixed before the close and unknown until after it
 * is the beacon's to guarantee (docs/games.md "Rooms"). A beacon that does not answer in time or
 * answers something else is logged and the round draws without one, as the wire shows (`beacon`
 * null), rather than stand still.
 */
import { BEACON_PATTERN } from '../../../games/engine/fairness/schemas'
import type { GameLog } from '../kit/log'

/** How long a close waits for the beacon. */
export const BEACON_TIMEOUT_MS = 3000

/** A reader of the beacon at `url`, or none without one. */
export function beaconReader(
  url: string | null,
  log: GameLog,
  fetcher: typeof fetch = fetch,
): (() => Promise<string | null>) | undefined {
  if (url === null) return undefined
  return async () => {
    try {
      const res = await fetcher(url, { signal: AbortSignal.timeout(BEACON_TIMEOUT_MS) })
      const value = (await res.text()).trim()
      if (res.ok && BEACON_PATTERN.test(value)) return value
      log.error({ status: res.status }, '[rooms] the beacon answered no usable value')
    } catch (err) {
      log.error({ err }, '[rooms] the beacon did not answer')
    }
    return null
  }
}
