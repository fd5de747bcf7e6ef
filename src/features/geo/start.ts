/**
 * The start-up checks of geo and mirrors (SPEC.md sections 2, 4, 6 and 8):
 * - GET /geo_ip: a 451 sends every page to /no-access; the answer's country sets the Region
 *   header (KZ or RU);
 * - GET /host_config: this host's route rules and matched-host mode;
 * - GET /mirror, POST /middleware/mirrorRedirect and /middleware/mirror: a new link moves the
 *   browser there with the current path and query, the Yandex verification tag is written, the
 *   other mirrors are kept.
 * Search bots skip the geo and mirror checks and see the interface at once. Every failure is
 * logged, never shown.
 */
import type { Api } from '../../api'
import { hostConfigResponse, type HostConfigResponse } from '../../../contract'
import { useGeo } from '../../stores/geo'
import { isSearchBot } from '../locale/decide'
import { regionOfCountry } from './rules'

/** How long the first frame waits for the geo and host answers before drawing without them. */
export const GEO_WAIT_MS = 2000

/** What the start-up checks need from the page. */
export interface GeoPage {
  readonly location: Pick<Location, 'host' | 'pathname' | 'search' | 'hash' | 'replace'>
  readonly userAgent: string
  readonly document: Pick<Document, 'head' | 'createElement'>
}

/** What the first frame needs to know: whether the visitor is blocked, the host's language mode. */
export interface GeoStart {
  readonly blocked: boolean
  readonly enOnly: boolean
}

/** GET /host_config for this page's host (docs/api.md). */
export function fetchHostConfig(
  api: Pick<Api, 'client'>,
  host: string,
): Promise<HostConfigResponse> {
  return api.client.call({
    method: 'get',
    path: 'host_config',
    schema: hostConfigResponse,
    query: { host },
    notify: false,
  })
}

async function checkGeo(api: Pick<Api, 'misc'>): Promise<void> {
  try {
    const result = await api.misc.geo()
    if (result.type === 'blocked') useGeo.getState().set({ blocked: true })
    else useGeo.getState().set({ region: regionOfCountry(result.geo.country_code) })
  } catch (error) {
    console.warn('[geo] GET /geo_ip failed:', error)
  }
}

async function checkHost(api: Pick<Api, 'client'>, host: string): Promise<void> {
  try {
    const answer = await fetchHostConfig(api, host)
    useGeo.getState().set({ routeRules: answer.route_rules, enOnly: answer.en_only })
  } catch (error) {
    console.warn('[geo] GET /host_config failed:', error)
  }
}

/**
 * Runs the geo and host calls and resolves once both answered, or after `waitMs`: a slow answer
 * still lands in the store (a late 451 then moves the page, see `followGeoBlock`).
 */
export async function startGeo(
  api: Pick<Api, 'misc' | 'client'>,
  page: GeoPage,
  waitMs: number = GEO_WAIT_MS,
): Promise<GeoStart> {
  const host = checkHost(api, page.location.host)
  const geo = isSearchBot(page.userAgent) ? Promise.resolve() : checkGeo(api)
  let timer: ReturnType<typeof setTimeout> | undefined
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, waitMs)
  })
  await Promise.race([Promise.all([geo, host]), waited])
  clearTimeout(timer)
  const { blocked, enOnly } = useGeo.getState()
  return { blocked, enOnly }
}
