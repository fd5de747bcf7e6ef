/**
 * Attribution: the affiliate, advertising and promo cookies of SPEC.md section 3 (one table of
 * names, lifetimes and consent, `cookieTable.ts`), the query triggers of section 2 and the calls
 * they cause, the promo check, the ad-bonus modal and the device fingerprint `fpp`.
 */
export {
  ATTRIBUTION_COOKIES,
  readRegistrationAttribution,
  writeAttributionCookie,
  type RegistrationAttribution,
} from './cookies'
export {
  currentFingerprint,
  FINGERPRINT_KEY,
  hashFeatures,
  readFingerprint,
  scheduleFingerprint,
} from './fingerprint'
export { adoptSimpleAuthToken } from './simpleAuth'
