/**
 * The third-party bot checks the operator may choose instead of the self-hosted ALTCHA one:
 * hCaptcha and Cloudflare Turnstile, each loaded from its provider with the site key of GET
 * /config, rendered invisibly into a container of their own (their badge hidden, SPEC.md
 * section 9) and asked for a token per guarded request. They cannot run offline, so the tests
 * cover the loader machine that drives them and the server's siteverify call, not these scripts.
 */
import i18next from 'i18next'

/** What the loader machine needs from a provider. */
export interface ProviderDriver {
  /** Loads the script (or chunk); rejects when it fails. */
  loadScript(siteKey: string): Promise<void>
  /** The script's global exists (polled every 25 ms). */
  present(): boolean
  /** A token can be asked for now (asked again every 500 ms). */
  ready(): boolean
  /** Hides the provider's badge. */
  hideBadge(): void
  /** One token (a solution) for one request. */
  execute(siteKey: string): Promise<string>
}

interface HCaptcha {
  render(container: HTMLElement, options: Record<string, unknown>): string
  execute(id: string, options: { async: true }): Promise<{ response: string }>
  reset(id: string): void
}
interface Turnstile {
  render(container: HTMLElement, options: Record<string, unknown>): string
  execute(id: string): void
  reset(id: string): void
}
type ProviderWindow = Window & { hcaptcha?: HCaptcha; turnstile?: Turnstile }

/** The script URLs, explicit rendering so nothing draws until the page asks. */
export const SCRIPT_URLS = {
  hcaptcha: 'https://js.hcaptcha.com/1/api.js?render=explicit&recaptchacompat=off',
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
} as const

function addScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script')
    script.src = src
    script.async = true
    script.onload = () => resolve()
    script.onerror = () => {
      script.remove()
      reject(new Error(`[botcheck] script failed to load: ${src}`))
    }
    document.head.appendChild(script)
  })
}

/** The widget's container: out of the layout, labelled for assistive technology. */
function widgetContainer(): HTMLElement {
  const container = document.createElement('div')
  container.className = 'botcheck-widget'
  container.setAttribute('aria-label', i18next.t('botcheck:label'))
  document.body.appendChild(container)
  return container
}

/** hCaptcha, invisible: `execute` opens a challenge only when hCaptcha wants one. */
export function hcaptchaDriver(): ProviderDriver {
  const w = () => window as ProviderWindow
  let widget: string | null = null
  let siteKeyOfPage = ''
  return {
    loadScript: (siteKey) => {
      siteKeyOfPage = siteKey
      return addScript(SCRIPT_URLS.hcaptcha)
    },
    present: () => w().hcaptcha !== undefined,
    ready: () => widget !== null,
    hideBadge: () => {
      widget = w().hcaptcha!.render(widgetContainer(), {
        sitekey: siteKeyOfPage,
        size: 'invisible',
      })
    },
    execute: async () => {
      const api = w().hcaptcha!
      try {
        return (await api.execute(widget!, { async: true })).response
      } finally {
        api.reset(widget!)
      }
    },
  }
}

/** Turnstile, shown only if it needs the player (`interaction-only`), run on request. */
export function turnstileDriver(): ProviderDriver {
  const w = () => window as ProviderWindow
  let widget: string | null = null
  let pending: { resolve(token: string): void; reject(error: Error): void } | null = null
  let siteKeyOfPage = ''
  return {
    loadScript: (siteKey) => {
      siteKeyOfPage = siteKey
      return addScript(SCRIPT_URLS.turnstile)
    },
    present: () => w().turnstile !== undefined,
    ready: () => widget !== null,
    hideBadge: () => {
      widget = w().turnstile!.render(widgetContainer(), {
        sitekey: siteKeyOfPage,
        appearance: 'interaction-only',
        execution: 'execute',
        callback: (token: string) => pending?.resolve(token),
        'error-callback': () => pending?.reject(new Error('[botcheck] turnstile error')),
      })
    },
    execute: () =>
      new Promise<string>((resolve, reject) => {
        pending = { resolve, reject }
        w().turnstile!.reset(widget!)
        w().turnstile!.execute(widget!)
      }),
  }
}
