/**
 * Where each game's socket service lives for this page, decided at run time: the deployment's map
 * from `GET /config` (asked once per page load) over the build's `VITE_<GAME>_URL`, over the API
 * origin (src/api/serviceUrls.ts has the rule). One build thus serves any deployment's split.
 */
import { useEffect, useState } from 'react'

import { urlsForPage, type GameService, type ServedUrls } from '../../api'
import { appApi } from './api'
import { clientConfigOnce } from './clientConfig'

let served: Promise<ServedUrls> | undefined
/** URLs already worked out on this page: a game page drawn after its route loaded has its URL. */
const known = new Map<GameService, string>()

/** The deployment's map; a failed call is not kept, so the next game page asks again. */
function servedUrls(): Promise<ServedUrls | undefined> {
  // Inside the chain, so an app without an API client (a unit test) falls back like a failure.
  served ??= Promise.resolve()
    .then(() => clientConfigOnce(appApi()))
    .then((config) => config.game_services)
  return served.catch(() => {
    served = undefined
    return undefined
  })
}

/** The base URL of `service` for this page (the build's rule when `GET /config` fails). */
export async function gameServiceUrl(service: GameService): Promise<string> {
  const url = urlsForPage(import.meta.env, window.location, await servedUrls()).services[service]
  known.set(service, url)
  return url
}

/**
 * {@link gameServiceUrl} for a component: null until it is known (a game waits for it). A game
 * route asks while it loads, so its page draws the game in its first frame and nothing moves.
 */
export function useGameServiceUrl(service: GameService): string | null {
  const [url, setUrl] = useState<string | null>(() => known.get(service) ?? null)
  useEffect(() => {
    let live = true
    void gameServiceUrl(service).then((value) => {
      if (live) setUrl(value)
    })
    return () => {
      live = false
    }
  }, [service])
  return url
}

/** Forgets the deployment's map (tests). */
export function resetServiceUrls(): void {
  served = undefined
  known.clear()
}
