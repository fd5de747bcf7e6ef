/**
 * What a host of this server does with a page request: the mirror's permanent redirect, the
 * matched-host mode (ru shown in English) and the route rules. Pure functions of the settings,
 * the request's host, path and user agent; `pages.ts` applies them to page requests and
 * `GET /host_config` hands the same rules to the client for its in-app navigation.
 */
import type { Config } from '../config'
import type { RouteRule } from './config'

/**
 * The locale prefixes of the client's routes (src/i18n/locales.ts: en has none). The server
 * cannot import the client, so they are repeated here; tests/integration/geo.test.ts keeps them
 * honest.
 */
export const PREFIXED_LOCALES = ['ru', 'kz'] as const

/** Search engine crawlers (SPEC.md sections 2 and 6): they skip the geo and mirror checks. */
export function isSearchBot(userAgent: string | undefined): boolean {
  return /google|yandex/i.test(userAgent ?? '')
}

/** A path split into its locale prefix (`/ru`, or '' for en) and the rest (`/games/crash`). */
export function splitLocale(path: string): { prefix: string; rest: string } {
  for (const l of PREFIXED_LOCALES) {
    if (path === `/${l}`) return { prefix: `/${l}`, rest: '/' }
    if (path.startsWith(`/${l}/`)) return { prefix: `/${l}`, rest: path.slice(l.length + 1) }
  }
  return { prefix: '', rest: path }
}

/**
 * Where the mirror sends a host's players: MIRROR_NEW_LINK when this host is one of
 * MIRROR_REDIRECT_HOSTS, or, with that list empty, any host but the new link's own. Null: stay.
 */
export function mirrorTarget(
  config: Pick<Config, 'mirror' | 'hosts'>,
  host: string,
): string | null {
  const link = config.mirror.newLink
  if (!link) return null
  const h = host.toLowerCase()
  const listed = config.hosts.mirrorRedirectHosts
  if (listed.length > 0) return listed.includes(h) ? link : null
  return new URL(link).host === h ? null : link
}

/** The new link followed by the request's path and query (SPEC.md section 4). */
export function mirrorLocation(link: string, pathAndQuery: string): string {
  return link.replace(/\/+$/, '') + pathAndQuery
}

/** Whether a rule's path (`/games/cases` or `/games/cases/*`) covers a path without its locale. */
export function rulePathMatches(rulePath: string, path: string): boolean {
  const p = path.length > 1 ? path.replace(/\/+$/, '') : path
  if (rulePath.endsWith('/*')) return p.startsWith(rulePath.slice(0, -1))
  return p === rulePath
}

/** The rules that apply on a host, in their order (the first match wins). */
export function rulesForHost(rules: readonly RouteRule[], host: string): RouteRule[] {
  const h = host.toLowerCase()
  return rules.filter((r) => r.hosts.length === 0 || r.hosts.includes(h))
}

/** Whether a host is in matched-host mode (Russian forced to English). */
export function isEnOnlyHost(config: Pick<Config, 'hosts'>, host: string): boolean {
  return config.hosts.enOnlyHosts.includes(host.toLowerCase())
}

/** A redirect the server answers a page request with. */
export interface PageRedirect {
  status: 301 | 302
  location: string
}

/**
 * The redirect a page request gets, if any: the mirror's 301 first (not for search bots), then
 * matched-host mode (`/ru/...` to the English page), then the first route rule of the host (an
 * internal target keeps the locale prefix; an external one is left as written).
 */
export function pageRedirect(
  config: Pick<Config, 'mirror' | 'hosts'>,
  request: { host: string; url: string; userAgent: string | undefined },
): PageRedirect | null {
  const url = new URL(request.url, 'http://x')
  const bot = isSearchBot(request.userAgent)
  const link = bot ? null : mirrorTarget(config, request.host)
  if (link) return { status: 301, location: mirrorLocation(link, url.pathname + url.search) }
  const { prefix, rest } = splitLocale(url.pathname)
  if (prefix === '/ru' && isEnOnlyHost(config, request.host)) {
    return { status: 302, location: rest + url.search }
  }
  const rule = rulesForHost(config.hosts.routeRules, request.host).find((r) =>
    rulePathMatches(r.path, rest),
  )
  if (!rule) return null
  return { status: 302, location: rule.to.startsWith('/') ? prefix + rule.to : rule.to }
}
