/**
 * The pure rules of geo, mirrors and host routes (SPEC.md sections 2, 4 and 6). The server
 * applies the same to page requests (server/geo/hosts.ts); these serve a page already open.
 */
import type { HostRouteRule, Region } from '../../../contract'

/** Region is KZ or RU: RU unless the country is KZ (SPEC.md section 4). */
export function regionOfCountry(countryCode: string): Region {
  return countryCode.toUpperCase() === 'KZ' ? 'KZ' : 'RU'
}

/**
 * The mirror's new address for this page: the new link followed by the current path, query and
 * fragment (SPEC.md section 4), without doubling the slash between them.
 */
export function mirrorLocation(
  newLink: string,
  page: Pick<Location, 'pathname' | 'search' | 'hash'>,
): string {
  return newLink.replace(/\/+$/, '') + page.pathname + page.search + page.hash
}

/** Where a route rule sends the player: a page of this site, or another site. */
export type RuleTarget =
  | { readonly type: 'internal'; readonly path: string; readonly search: Record<string, string> }
  | { readonly type: 'external'; readonly href: string }

/** Whether a rule's path (`/games/cases` or the prefix `/games/cases/*`) covers `path`. */
export function rulePathMatches(rulePath: string, path: string): boolean {
  const p = path.length > 1 ? path.replace(/\/+$/, '') : path
  if (rulePath.endsWith('/*')) return p.startsWith(rulePath.slice(0, -1))
  return p === rulePath
}

/**
 * The target of the first rule covering `path` (the route tree's path, without the locale
 * prefix), or null. A rule sending a page to itself is ignored, so no rule can loop.
 */
export function ruleTarget(rules: readonly HostRouteRule[], path: string): RuleTarget | null {
  const rule = rules.find((r) => rulePathMatches(r.path, path))
  if (!rule) return null
  if (!rule.to.startsWith('/')) return { type: 'external', href: rule.to }
  const to = new URL(rule.to, 'http://x')
  if (rulePathMatches(rule.path, to.pathname)) return null
  return {
    type: 'internal',
    path: to.pathname,
    search: Object.fromEntries(to.searchParams.entries()),
  }
}
