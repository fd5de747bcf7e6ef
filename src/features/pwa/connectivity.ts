/**
 * Whether the page is offline, for the offline notice: the browser's `navigator.onLine` and its
 * `online` / `offline` events, and the mark the service worker puts on the page it served from
 * its cache because the network failed (`<html data-offline>`, sw.ts), which covers a network
 * the browser still calls online (a captive portal, a server out of reach).
 */
import { create } from 'zustand'

/** The one owner of "offline" in the shell. */
export const useConnectivity = create<{ offline: boolean }>()(() => ({ offline: false }))

/** Starts following the connection. Returns the function that stops it. */
export function followConnectivity(
  page: Pick<Window, 'addEventListener' | 'removeEventListener'> & {
    navigator: Pick<Navigator, 'onLine'>
    document: { documentElement: { dataset: DOMStringMap } }
  } = window,
): () => void {
  const servedOffline = page.document.documentElement.dataset.offline === 'true'
  useConnectivity.setState({ offline: !page.navigator.onLine || servedOffline })
  const online = () => useConnectivity.setState({ offline: false })
  const offline = () => useConnectivity.setState({ offline: true })
  page.addEventListener('online', online)
  page.addEventListener('offline', offline)
  return () => {
    page.removeEventListener('online', online)
    page.removeEventListener('offline', offline)
  }
}
