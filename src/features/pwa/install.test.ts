import { beforeEach, describe, expect, it } from 'vitest'
import {
  INSTALL_DISMISSED_KEY,
  dismissInstall,
  installApp,
  listenForInstallPrompt,
  useInstallPrompt,
} from './install'

function storage() {
  const kept = new Map<string, string>()
  return {
    kept,
    getItem: (key: string) => kept.get(key) ?? null,
    setItem: (key: string, value: string) => void kept.set(key, value),
  }
}

/** A `beforeinstallprompt` whose dialog answers `outcome`. */
function promptEvent(outcome: 'accepted' | 'dismissed' = 'dismissed') {
  const event = new Event('beforeinstallprompt', { cancelable: true })
  let shown = 0
  Object.assign(event, {
    prompt: () => {
      shown++
      return Promise.resolve()
    },
    userChoice: Promise.resolve({ outcome }),
  })
  return { event, shown: () => shown }
}

beforeEach(() => useInstallPrompt.setState({ prompt: null }))

describe('the install prompt', () => {
  it('is held for the banner, and once dismissed never again, in this or a later page', () => {
    const kept = storage()
    const target = new EventTarget()
    const stop = listenForInstallPrompt(target as unknown as Window, kept)
    const first = promptEvent()
    target.dispatchEvent(first.event)
    expect(first.event.defaultPrevented).toBe(true)
    expect(useInstallPrompt.getState().prompt).toBe(first.event)

    dismissInstall(kept)
    expect(useInstallPrompt.getState().prompt).toBeNull()
    expect(kept.kept.get(INSTALL_DISMISSED_KEY)).toBe('1')
    stop()

    // A later visit: the flag is read, the browser keeps its own entry, the banner stays away.
    const later = new EventTarget()
    listenForInstallPrompt(later as unknown as Window, kept)
    const second = promptEvent()
    later.dispatchEvent(second.event)
    expect(second.event.defaultPrevented).toBe(false)
    expect(useInstallPrompt.getState().prompt).toBeNull()
  })

  it("counts a no in the browser's dialog as dismissed, and a yes not", async () => {
    for (const outcome of ['dismissed', 'accepted'] as const) {
      const kept = storage()
      const target = new EventTarget()
      listenForInstallPrompt(target as unknown as Window, kept)
      const offer = promptEvent(outcome)
      target.dispatchEvent(offer.event)
      await installApp(kept)
      expect(offer.shown()).toBe(1)
      expect(useInstallPrompt.getState().prompt).toBeNull()
      expect(kept.kept.has(INSTALL_DISMISSED_KEY), outcome).toBe(outcome === 'dismissed')
    }
  })

  it('forgets the prompt once the app is installed', () => {
    const target = new EventTarget()
    listenForInstallPrompt(target as unknown as Window, storage())
    target.dispatchEvent(promptEvent().event)
    target.dispatchEvent(new Event('appinstalled'))
    expect(useInstallPrompt.getState().prompt).toBeNull()
  })
})
