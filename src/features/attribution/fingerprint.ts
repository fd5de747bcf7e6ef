/**
 * The device fingerprint `fpp` sent with a registration (SPEC.md sections 3 and 9): a stable
 * hash of browser features that name no person (screen, languages, time zone, cores, platform,
 * touch support), kept in local storage once computed. It is taken when the browser is idle, or
 * after 500 ms when no idle callback comes first, so it never competes with the first paint.
 */

/** Local storage key. */
export const FINGERPRINT_KEY = 'fpp'
/** SPEC.md section 9: idle, else this fallback. */
export const FINGERPRINT_FALLBACK_MS = 500

/** The browser features hashed; every one is coarse and shared by many people. */
export interface DeviceFeatures {
  readonly userAgent: string
  readonly languages: readonly string[]
  readonly timeZone: string
  readonly screen: string
  readonly colorDepth: number
  readonly cores: number
  readonly touchPoints: number
  readonly platform: string
}

/** Reads {@link DeviceFeatures} from the browser. */
export function readDeviceFeatures(): DeviceFeatures {
  return {
    userAgent: navigator.userAgent,
    languages: [...(navigator.languages ?? [navigator.language])],
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone ?? '',
    screen: `${screen.width}x${screen.height}`,
    colorDepth: screen.colorDepth,
    cores: navigator.hardwareConcurrency ?? 0,
    touchPoints: navigator.maxTouchPoints ?? 0,
    platform: navigator.platform ?? '',
  }
}

/**
 * 64-bit FNV-1a of the features' JSON, as 16 hex digits. Not cryptographic and need not be:
 * the same device gives the same value, and nothing can be read back out of it.
 */
export function hashFeatures(features: DeviceFeatures): string {
  const text = JSON.stringify(features)
  let hash = 0xcbf29ce484222325n
  const prime = 0x100000001b3n
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= BigInt(byte)
    hash = (hash * prime) & 0xffffffffffffffffn
  }
  return hash.toString(16).padStart(16, '0')
}

/** The kept fingerprint, or null before it is taken (or when storage is off). */
export function readFingerprint(storage: Pick<Storage, 'getItem'> = localStorage): string | null {
  try {
    return storage.getItem(FINGERPRINT_KEY)
  } catch {
    return null
  }
}

/** What {@link scheduleFingerprint} needs from the browser; tests pass fakes. */
export interface FingerprintHost {
  readonly storage: Pick<Storage, 'getItem' | 'setItem'>
  readonly features: () => DeviceFeatures
  readonly requestIdle?: (callback: () => void) => number
  readonly cancelIdle?: (handle: number) => void
  readonly setTimer: (callback: () => void, ms: number) => ReturnType<typeof setTimeout>
  readonly clearTimer: (timer: ReturnType<typeof setTimeout>) => void
}

function browserHost(): FingerprintHost {
  const idle = typeof window !== 'undefined' && 'requestIdleCallback' in window
  return {
    storage: localStorage,
    features: readDeviceFeatures,
    requestIdle: idle ? (cb) => window.requestIdleCallback(cb) : undefined,
    cancelIdle: idle ? (handle) => window.cancelIdleCallback(handle) : undefined,
    setTimer: (cb, ms) => setTimeout(cb, ms),
    clearTimer: (timer) => clearTimeout(timer),
  }
}

/**
 * Takes the fingerprint once, on idle or after {@link FINGERPRINT_FALLBACK_MS}, whichever comes
 * first, unless one is kept already. Returns a function that cancels a pending take.
 */
export function scheduleFingerprint(host: FingerprintHost = browserHost()): () => void {
  try {
    if (host.storage.getItem(FINGERPRINT_KEY)) return () => undefined
  } catch {
    return () => undefined
  }
  let done = false
  const take = () => {
    if (done) return
    done = true
    host.clearTimer(timer)
    if (idle !== undefined) host.cancelIdle?.(idle)
    try {
      host.storage.setItem(FINGERPRINT_KEY, hashFeatures(host.features()))
    } catch (error) {
      // Private mode or a full quota: registration goes on without it.
      console.warn('[attribution] could not keep the fingerprint:', error)
    }
  }
  // Both callbacks run later, never inside these calls, so `take` sees both handles.
  const timer = host.setTimer(take, FINGERPRINT_FALLBACK_MS)
  const idle = host.requestIdle?.(take)
  return () => {
    done = true
    host.clearTimer(timer)
    if (idle !== undefined) host.cancelIdle?.(idle)
  }
}

/** The fingerprint now: the kept one, or taken on the spot when the schedule has not run yet. */
export function currentFingerprint(): string | null {
  const kept = readFingerprint()
  if (kept) return kept
  try {
    const fresh = hashFeatures(readDeviceFeatures())
    localStorage.setItem(FINGERPRINT_KEY, fresh)
    return fresh
  } catch {
    return null
  }
}
