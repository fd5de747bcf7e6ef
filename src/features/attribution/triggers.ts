/**
 * The query triggers of SPEC.md section 2 read on start and the calls they cause (section 7):
 *
 * - `pr` (a partner's referral hash) and the affiliate keys: `prHash` cookie, then
 *   POST /middleware/affiliate with the query, whose answer fills `partner`, `adplace`, `stag`,
 *   `partnerId`, `advertiseUid`, `advertiseSource` and `cpaOneUid`;
 * - `simple_auth`: kept in `simpleAuth` for a day (the operator's middleware reads it from the
 *   affiliate query; nothing else in this client does);
 * - `subH`: POST middleware/registerPageOpenEvent with the fingerprint and the clicked URL;
 * - all four of `utm_source`, `utm_medium`, `utm_campaign`, `utm_term`, without an `advId`
 *   cookie: POST /middleware/utm with the whole query, keeping its `advId` and its ad bonus;
 * - every visit once a day: POST middleware/ip (host, user agent), kept in `userVersion` and
 *   `userBrowser`;
 * - signed in with any source cookie: POST attachSource.
 *
 * Every one of them records where the visitor came from, so they run only once the player allows
 * marketing cookies (`startAttribution` waits for it). Failures are never shown (section 8): the
 * page-open event's is logged, the others' swallowed.
 */
import type { Api } from '../../api'
import type { AttachSourceRequest, UtmResponse } from '../../../contract'
import { AD_BONUS_MODAL_PENDING } from './adBonus'
import { readCookie, writeCookie, type AttributionCookie } from './cookieTable'

/** A page query as the middleware calls take it: the first value of each key. */
export type QueryMap = Record<string, string>

// The contract's `queryMap`: keys up to 64 characters, values up to 2048, no NUL.
const MAX_KEY = 64
const MAX_VALUE = 2048
const storable = (s: string) => !s.includes('\u0000') && !/[\uD800-\uDFFF]/u.test(s)

/** The query of `search` (`?a=1&b=2`) as a flat map; pairs the server would refuse are dropped. */
export function queryOf(search: string): QueryMap {
  const map: QueryMap = {}
  for (const [key, value] of new URLSearchParams(search)) {
    if (key in map || key.length === 0 || key.length > MAX_KEY || value.length > MAX_VALUE) continue
    if (storable(key) && storable(value)) map[key] = value
  }
  return map
}

/** The four utm keys that together ask for POST /middleware/utm (SPEC.md section 7). */
export const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term'] as const

/** Query keys that make an affiliate click: `pr` and the cookies' own names. */
export const AFFILIATE_KEYS = [
  'pr',
  'stag',
  'partner',
  'adplace',
  'partnerId',
  'advertiseUid',
  'advertiseSource',
  'cpaOneUid',
] as const

/** What the triggers need from the page and the app; tests pass fakes. */
export interface TriggerDeps {
  readonly api: {
    readonly misc: Pick<Api['misc'], 'affiliate' | 'reportIp' | 'registerPageOpen' | 'utm'>
    readonly profile: Pick<Api['profile'], 'attachSource'>
  }
  /** The landing URL (`click_url`) and host. */
  readonly page: { readonly href: string; readonly host: string }
  readonly userAgent: string
  /** The device fingerprint (`uuid` of the page-open event). */
  readonly fingerprint: () => string | null
  /** An ad bonus arrived: show the player the modal. */
  readonly onAdBonus: (bonus: NonNullable<UtmResponse['promo']>) => void
  /** Where a logged failure goes. */
  readonly log: (message: string, error: unknown) => void
}

const ignore = () => undefined

async function affiliate(query: QueryMap, deps: TriggerDeps): Promise<void> {
  const answer = await deps.api.misc.affiliate(query)
  const fields = [
    'partner',
    'adplace',
    'stag',
    'partnerId',
    'advertiseUid',
    'advertiseSource',
    'cpaOneUid',
  ] as const
  for (const field of fields) {
    const value = answer[field]
    if (value) writeCookie(field, value)
  }
}

async function reportIp(deps: TriggerDeps): Promise<void> {
  // Once a day per browser: the cookies live a day and hold what was last reported.
  if (readCookie('userVersion') && readCookie('userBrowser') === deps.userAgent) return
  const answer = await deps.api.misc.reportIp({ host: deps.page.host, userAgent: deps.userAgent })
  if (answer.ip) writeCookie('userVersion', answer.ip)
  writeCookie('userBrowser', deps.userAgent)
}

async function pageOpen(subH: string, deps: TriggerDeps): Promise<void> {
  const uuid = deps.fingerprint()
  if (!uuid) throw new Error('[attribution] no device fingerprint for the page-open event')
  await deps.api.misc.registerPageOpen({ subH, uuid, click_url: deps.page.href })
}

async function utm(query: QueryMap, deps: TriggerDeps): Promise<void> {
  const answer = await deps.api.misc.utm(query)
  writeCookie('advId', answer.advId)
  if (!answer.promo) return
  writeCookie('adBonusType', answer.promo.type)
  writeCookie('adBonusValue', answer.promo.value)
  writeCookie('adBonusModal', AD_BONUS_MODAL_PENDING)
  deps.onAdBonus(answer.promo)
}

/**
 * Runs the triggers of a landing query (call it with marketing consent). Resolves when every
 * call has answered or failed; none rejects.
 */
export async function runLandingTriggers(query: QueryMap, deps: TriggerDeps): Promise<void> {
  if (query.pr) writeCookie('prHash', query.pr)
  if (query.simple_auth) writeCookie('simpleAuth', query.simple_auth)
  const calls: Promise<void>[] = [reportIp(deps).catch(ignore)]
  if (AFFILIATE_KEYS.some((key) => query[key])) calls.push(affiliate(query, deps).catch(ignore))
  if (query.subH) {
    calls.push(
      pageOpen(query.subH, deps).catch((error: unknown) =>
        deps.log('[attribution] page-open event failed:', error),
      ),
    )
  }
  if (UTM_KEYS.every((key) => key in query) && !readCookie('advId')) {
    calls.push(utm(query, deps).catch(ignore))
  }
  await Promise.all(calls)
}

const SOURCE_FIELDS = [
  'stag',
  'partnerId',
  'advId',
  'advertiseUid',
  'advertiseSource',
  'cpaOneUid',
  'prHash',
] as const satisfies readonly (keyof AttachSourceRequest & AttributionCookie)[]

/** The attachSource body from the cookies, each null when absent; null when every one is. */
export function attachSourceBody(): AttachSourceRequest | null {
  const body = Object.fromEntries(
    SOURCE_FIELDS.map((field) => [field, readCookie(field)]),
  ) as Record<(typeof SOURCE_FIELDS)[number], string | null>
  return Object.values(body).some((v) => v !== null) ? body : null
}

/** POST attachSource for the signed-in player when a source cookie is held; errors ignored. */
export async function attachSource(deps: Pick<TriggerDeps, 'api'>): Promise<void> {
  const body = attachSourceBody()
  if (!body) return
  await deps.api.profile.attachSource(body).catch(ignore)
}
