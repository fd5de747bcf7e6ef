/**
 * Attribution: the affiliate and promo cookies a registration carries, and the device
 * fingerprint `fpp` (SPEC.md sections 3, 7 and 9).
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
