import type { SocialLoginMessage } from '../../contract'

/**
 * The pages of the social log-in popup. The site's CSP forbids inline script, so each page loads
 * its script from /api/auth/social/popup.js and reads its inputs from data- attributes.
 */
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

function page(title: string, body: string, data: Record<string, string>, scripts: string[]) {
  const attrs = Object.entries(data)
    .map(([k, v]) => ` data-${k}="${escape(v)}"`)
    .join('')
  const tags = scripts.map((src) => `<script src="${escape(src)}"></script>`).join('')
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title>
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="referrer" content="no-referrer">
<style>body{font:16px system-ui,sans-serif;margin:0;padding:24px;background:#111;color:#eee}</style>
</head><body${attrs}>${body}${tags}</body></html>`
}

/**
 * The page the popup ends on. With a log-in it posts the tokens to the opener, to `origin` only
 * (the page origin PUT /auth/login was given, checked against the site's own), then closes; the
 * opener's social machine shows the outcome. A failed attempt posts
 * `{ type: 'tessera:social-login-failed' }` the same way, so the log-in form says so in the
 * player's language.
 */
export function popupResultPage(
  result: { origin: string; message: SocialLoginMessage } | { origin: string | null; failed: true },
): string {
  const message =
    'message' in result ? result.message : { type: 'tessera:social-login-failed' as const }
  return page('Tessera', '', { origin: result.origin ?? '', message: JSON.stringify(message) }, [
    '/api/auth/social/assets/popup.js',
  ])
}

/** The Telegram log-in widget, which sends the browser to `authUrl` with its signed data. */
export function telegramWidgetPage(botName: string, authUrl: string): string {
  const widget = `<script async src="https://telegram.org/js/telegram-widget.js?22" data-telegram-login="${escape(botName)}" data-size="large" data-auth-url="${escape(authUrl)}" data-request-access="write"></script>`
  return page('Telegram', widget, {}, [])
}

/** The CSP of the Telegram widget page: its script from telegram.org, its frame from oauth. */
export const TELEGRAM_PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self' https://telegram.org",
  'frame-src https://oauth.telegram.org',
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https://telegram.org https://t.me",
  "object-src 'none'",
  "base-uri 'none'",
].join('; ')

/** The script of the popup's last page, served at /api/auth/social/popup.js. */
export const POPUP_SCRIPT = `
const d = document.body.dataset
if (window.opener && d.origin) window.opener.postMessage(JSON.parse(d.message), d.origin)
window.close()
`
