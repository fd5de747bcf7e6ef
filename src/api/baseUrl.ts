/**
 * Where the API lives (SPEC.md section 7).
 *
 * Pure functions of the build-time configuration and the page location, so the rule is tested
 * without a browser and the shell decides once, at start, which URLs the client uses.
 */

/** The parts of `window.location` the URL rule reads. */
export interface PageLocation {
  /** `https:` or `http:`, with the colon, as `location.protocol` gives it. */
  readonly protocol: string
  readonly hostname: string
  /** Empty string when the page uses the default port. */
  readonly port: string
}

/**
 * The API base URL, always absolute and without a trailing slash.
 *
 * A configured URL wins (it may be relative, like `/api`, which resolves against the page
 * origin: the reference server serves its API there). Otherwise the API lives on the `api.`
 * subdomain of the page host with any leading `www.` removed, same protocol and port.
 */
export function apiBaseUrl(input: {
  configured: string | undefined
  location: PageLocation
}): string {
  const { configured, location } = input
  const trimmed = configured?.trim()
  if (trimmed) return resolveConfigured(trimmed, location)
  const host = location.hostname.replace(/^www\./i, '')
  return `${location.protocol}//api.${host}${portSuffix(location)}`
}

function portSuffix(location: PageLocation): string {
  return location.port ? `:${location.port}` : ''
}

/** Resolves a configured (possibly relative) URL against the page origin, no trailing slash. */
export function resolveConfigured(configured: string, location: PageLocation): string {
  const origin = `${location.protocol}//${location.hostname}${portSuffix(location)}/`
  return new URL(configured, origin).href.replace(/\/+$/, '')
}
