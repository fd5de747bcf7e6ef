/**
 * Base URLs of the per-game services (SPEC.md section 7). Each one, in order: the deployment's
 * map that the server hands out at run time (`GET /config`, from its `GAME_SERVICE_URLS`), so one
 * build serves any split; else the `VITE_<GAME>_URL` build variable; else the API origin, where
 * the reference server hosts every game (one socket.io namespace each).
 */
import { apiBaseUrl, resolveConfigured, type PageLocation } from './baseUrl'
import { gameServiceNames, type GameServiceName } from '../../contract'

/** The services with their own base URL (SPEC.md section 7). */
export const GAME_SERVICES = gameServiceNames

/** One of {@link GAME_SERVICES}. */
export type GameService = GameServiceName

/** The deployment's map as `GET /config` answers it: null (or absent) means "no URL of its own". */
export type ServedUrls = Partial<Record<GameService, string | null>>

/**
 * The base URL of every game service: the served URL, else the configured (build) one, else the
 * API origin. Relative URLs resolve against the page origin.
 */
export function serviceUrls(input: {
  served?: ServedUrls
  configured: Partial<Record<GameService, string | undefined>>
  apiBaseUrl: string
  location: PageLocation
}): Record<GameService, string> {
  const apiOrigin = new URL(input.apiBaseUrl).origin
  const entries = GAME_SERVICES.map((service) => {
    const chosen = input.served?.[service]?.trim() || input.configured[service]?.trim()
    const url = chosen ? resolveConfigured(chosen, input.location) : apiOrigin
    return [service, url] as const
  })
  return Object.fromEntries(entries) as Record<GameService, string>
}

/** The configured URLs as Vite exposes them (`VITE_API_URL`, `VITE_CRASH_URL`, ...). */
export interface ConfiguredUrls {
  readonly api: string | undefined
  readonly services: Partial<Record<GameService, string>>
}

/**
 * Reads the `VITE_*_URL` variables from a Vite env object. Non-string values are ignored, so a
 * mistyped `.env` entry falls back to the default rule instead of producing `"undefined"` URLs.
 */
export function readConfiguredUrls(env: Readonly<Record<string, unknown>>): ConfiguredUrls {
  const text = (name: string): string | undefined => {
    const value = env[name]
    return typeof value === 'string' && value.trim() !== '' ? value : undefined
  }
  const services: Partial<Record<GameService, string>> = {}
  for (const service of GAME_SERVICES) {
    const value = text(`VITE_${service.toUpperCase()}_URL`)
    if (value !== undefined) services[service] = value
  }
  return { api: text('VITE_API_URL'), services }
}

/**
 * The URLs for this build and this page: the API's, which the shell needs at start, and the game
 * services' from the build alone, or with the deployment's map once `served` is known.
 */
export function urlsForPage(
  env: Readonly<Record<string, unknown>>,
  location: PageLocation,
  served?: ServedUrls,
): { api: string; services: Record<GameService, string> } {
  const configured = readConfiguredUrls(env)
  const api = apiBaseUrl({ configured: configured.api, location })
  return {
    api,
    services: serviceUrls({
      ...(served ? { served } : {}),
      configured: configured.services,
      apiBaseUrl: api,
      location,
    }),
  }
}
