import type { SupportWidget } from './widget'

/** Window events a third-party widget's glue listens to (README "Support"). */
export const SUPPORT_OPEN_EVENT = 'tessera:support-open'
export const SUPPORT_PAGE_EVENT = 'tessera:support-page'

/**
 * A third-party customer-messaging script (GET /config's `support_widget_url`): loaded with a
 * script tag, then told to open and told the page through window events, which the operator's
 * own glue forwards to the provider's API.
 */
export function loadScriptWidget(url: string, doc: Document = document): Promise<SupportWidget> {
  return new Promise((resolve, reject) => {
    const script = doc.createElement('script')
    script.src = url
    script.async = true
    script.onload = () =>
      resolve({
        open: () => window.dispatchEvent(new CustomEvent(SUPPORT_OPEN_EVENT)),
        pageChanged: (path) =>
          window.dispatchEvent(new CustomEvent(SUPPORT_PAGE_EVENT, { detail: { path } })),
      })
    script.onerror = () => reject(new Error(`[support] ${url} did not load`))
    doc.head.append(script)
  })
}
