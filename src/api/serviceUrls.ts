/**
 * Base URLs of the per-game services (SPEC.md section 7) and the `VITE_*_URL` build variables.
 */
import { apiBaseUrl, resolveConfigured, type PageLocation } from './baseUrl'

/** The services with their own base URL (SPEC.md section 7). */
export const GAME_SERVICES = [
  'crash',
  'cases',
  'miner',
  'general',
  'coinflip',
  'keno',
  'dice',
] as const

/** One of {@link GAME_SERVICES}. */
export type GameService = (typeof GAME_SERVICES)[number]

/**
 * The base URL of every game service. A configured URL wins (relative ones resolve against the
 * page origin); otherwise the service shares the API origin, which is how the reference server
 * hosts all of them (one socket.io namespace per game).
 */
export function serviceUrls(input: {
  configured: Partial<Record<GameService, string | undefined>>
  apiBaseUrl: string
  location: PageLocation
}): Record<GameService, string> {
  const apiOrigin = new URL(input.apiBaseUrl).origin
  const entries = GAME_SERVICES.map((service) => {
    const configured = input.configured[service]?.trim()
    const url = configured ? resolveConfigured(configured, input.location) : apiOrigin
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

/** The URLs for this build and this page: the one call the shell makes at start. */
export function urlsForPage(
  env: Readonly<Record<string, unknown>>,
  location: PageLocation,
): { api: string; services: Record<GameService, string> } {
  const configured = readConfiguredUrls(env)
  const api = apiBaseUrl({ configured: configured.api, location })
  return {
    api,
    services: serviceUrls({ configured: configured.services, apiBaseUrl: api, location }),
  }
}
