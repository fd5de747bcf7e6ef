/**
 * The install prompt (SPEC section 2): the browser's `beforeinstallprompt` is held and offered in
 * the shell's own small banner (`InstallBanner`), until the player installs the app or dismisses
 * the banner, after which it never shows again in this browser (a flag in local storage).
 */
import { create } from 'zustand'

/** Where the dismissal is kept. */
export const INSTALL_DISMISSED_KEY = 'tessera.installDismissed'

/** Chromium's `beforeinstallprompt` event (not in lib.dom). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

/** The prompt the banner can offer; null while none is held. */
export const useInstallPrompt = create<{ prompt: BeforeInstallPromptEvent | null }>()(() => ({
  prompt: null,
}))

type FlagStorage = Pick<Storage, 'getItem' | 'setItem'>

/** Whether the player dismissed the banner before (storage refused: not dismissed). */
export function isInstallDismissed(storage: FlagStorage): boolean {
  try {
    return storage.getItem(INSTALL_DISMISSED_KEY) === '1'
  } catch {
    return false
  }
}

/** Hides the banner for good. */
export function dismissInstall(storage: FlagStorage = localStorage): void {
  try {
    storage.setItem(INSTALL_DISMISSED_KEY, '1')
  } catch {
    // Storage refused (a private mode): hidden for this page only.
  }
  useInstallPrompt.setState({ prompt: null })
}

/**
 * Holds each `beforeinstallprompt` for the banner unless the player dismissed it before (then the
 * browser keeps its own install entry and the shell shows nothing), and forgets it once the app
 * is installed. Returns the function that stops listening.
 */
export function listenForInstallPrompt(
  target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window,
  storage: FlagStorage = localStorage,
): () => void {
  const onPrompt = (event: Event) => {
    if (isInstallDismissed(storage)) return
    event.preventDefault()
    useInstallPrompt.setState({ prompt: event as BeforeInstallPromptEvent })
  }
  const onInstalled = () => useInstallPrompt.setState({ prompt: null })
  target.addEventListener('beforeinstallprompt', onPrompt)
  target.addEventListener('appinstalled', onInstalled)
  return () => {
    target.removeEventListener('beforeinstallprompt', onPrompt)
    target.removeEventListener('appinstalled', onInstalled)
  }
}

/**
 * Shows the browser's install dialog for the held prompt (a prompt can be shown once). Declining
 * it there counts as dismissing the banner.
 */
export async function installApp(storage: FlagStorage = localStorage): Promise<void> {
  const { prompt } = useInstallPrompt.getState()
  if (!prompt) return
  useInstallPrompt.setState({ prompt: null })
  await prompt.prompt()
  const { outcome } = await prompt.userChoice
  if (outcome === 'dismissed') dismissInstall(storage)
}
