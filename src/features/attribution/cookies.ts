/**
 * Attribution cookies of SPEC.md section 3 that a registration carries: `partner`, `adplace`,
 * `stag` and `promo`. The start-up triggers (`triggers.ts`) and the promo check (`promo.ts`)
 * write them through the cookie table (`cookieTable.ts`, lifetimes and consent); registration and
 * social log-in read them with {@link readRegistrationAttribution}.
 */
import { readCookie, writeCookie } from './cookieTable'

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

/** The attribution this browser holds; an absent or empty cookie is null. */
export function readRegistrationAttribution(): RegistrationAttribution {
  return {
    partner: readCookie('partner'),
    adplace: readCookie('adplace'),
    stag: readCookie('stag'),
    promo: readCookie('promo'),
  }
}

/**
 * Stores one attribution field for its lifetime (the cookie table's), site-wide; a marketing
 * field only with the player's consent. Returns whether it was written.
 */
export function writeAttributionCookie(
  field: keyof RegistrationAttribution,
  content: string,
): boolean {
  return writeCookie(field, content)
}
