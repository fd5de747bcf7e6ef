/**
 * Attribution cookies of SPEC.md section 3 that a registration carries: `partner`, `adplace`,
 * `stag` and `promo`. Whoever learns them (an affiliate link, the promo flow) writes them with
 * {@link writeAttributionCookie}; registration and social log-in read them with
 * {@link readRegistrationAttribution}.
 */
import Cookies from 'js-cookie'

/** The attribution fields a registration sends (SPEC.md section 3, "Registration payload"). */
export interface RegistrationAttribution {
  readonly partner: string | null
  readonly adplace: string | null
  readonly stag: string | null
  readonly promo: string | null
}

/** The cookie holding each field. */
export const ATTRIBUTION_COOKIES = {
  partner: 'partner',
  adplace: 'adplace',
  stag: 'stag',
  promo: 'promo',
} as const satisfies Record<keyof RegistrationAttribution, string>

/** Lifetimes in days: stag 1 day (SPEC.md section 9); partner and adplace "from config". */
const LIFETIME_DAYS: Record<keyof RegistrationAttribution, number> = {
  stag: 1,
  partner: 30,
  adplace: 30,
  // The promo countdown is 3 days (SPEC.md section 9).
  promo: 3,
}

const value = (name: string): string | null => {
  const raw = Cookies.get(name)
  return raw === undefined || raw.trim() === '' ? null : raw.trim()
}

/** The attribution this browser holds; an absent or empty cookie is null. */
export function readRegistrationAttribution(): RegistrationAttribution {
  return {
    partner: value(ATTRIBUTION_COOKIES.partner),
    adplace: value(ATTRIBUTION_COOKIES.adplace),
    stag: value(ATTRIBUTION_COOKIES.stag),
    promo: value(ATTRIBUTION_COOKIES.promo),
  }
}

/** Stores one attribution field for its lifetime, site-wide. */
export function writeAttributionCookie(
  field: keyof RegistrationAttribution,
  content: string,
  lifetimeDays: number = LIFETIME_DAYS[field],
): void {
  Cookies.set(ATTRIBUTION_COOKIES[field], content, {
    path: '/',
    sameSite: 'lax',
    secure: typeof location !== 'undefined' && location.protocol === 'https:',
    expires: lifetimeDays,
  })
}
