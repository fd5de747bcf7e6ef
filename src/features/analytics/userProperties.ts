/**
 * The analytics user properties of SPEC.md section 3: device_type, platform (pwa or web), os,
 * platform_language, domain, time_zone, referring_domain. Read from the browser at start; every
 * event carries them, and an identified player's person gets them.
 */

/** SPEC section 3's user properties. */
export interface UserProperties {
  device_type: 'mobile' | 'tablet' | 'desktop'
  platform: 'pwa' | 'web'
  os: string
  platform_language: string
  domain: string
  time_zone: string
  /** The referrer's host, or `$direct` when the visit came from no other site. */
  referring_domain: string
}

/** What the properties are read from (the browser's globals in the app, fakes in tests). */
export interface BrowserFacts {
  userAgent: string
  language: string
  hostname: string
  referrer: string
  timeZone: string
  /** The app runs installed (`display-mode: standalone`, or iOS' `navigator.standalone`). */
  standalone: boolean
}

/** The device type from the user agent: tablets first, since iPad and Android tablets say both. */
export function deviceTypeOf(userAgent: string): UserProperties['device_type'] {
  if (/iPad|Tablet|Android(?!.*Mobile)/i.test(userAgent)) return 'tablet'
  if (/Mobi|iPhone|iPod|Android/i.test(userAgent)) return 'mobile'
  return 'desktop'
}

/** The operating system's name from the user agent. */
export function osOf(userAgent: string): string {
  if (/Windows/i.test(userAgent)) return 'Windows'
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'iOS'
  if (/Android/i.test(userAgent)) return 'Android'
  if (/CrOS/i.test(userAgent)) return 'Chrome OS'
  if (/Mac OS X|Macintosh/i.test(userAgent)) return 'macOS'
  if (/Linux/i.test(userAgent)) return 'Linux'
  return 'Other'
}

/** The host of a referrer URL other than this site's, else `$direct`. */
function referringDomainOf(referrer: string, hostname: string): string {
  try {
    const host = new URL(referrer).hostname
    return host && host !== hostname ? host : '$direct'
  } catch {
    return '$direct'
  }
}

/** SPEC section 3's properties from the facts. */
export function userPropertiesOf(facts: BrowserFacts): UserProperties {
  return {
    device_type: deviceTypeOf(facts.userAgent),
    platform: facts.standalone ? 'pwa' : 'web',
    os: osOf(facts.userAgent),
    platform_language: facts.language,
    domain: facts.hostname,
    time_zone: facts.timeZone,
    referring_domain: referringDomainOf(facts.referrer, facts.hostname),
  }
}

/** The facts of this browser. */
export function browserFacts(): BrowserFacts {
  const standalone =
    window.matchMedia?.('(display-mode: standalone)').matches === true ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  return {
    userAgent: navigator.userAgent,
    language: navigator.language,
    hostname: window.location.hostname,
    referrer: document.referrer,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    standalone,
  }
}
