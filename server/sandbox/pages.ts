/**
 * HTML and scripts of the sandbox providers' pages. The CSP forbids inline script, so every page
 * loads its script from /api/sandbox/assets/<name>.js and reads its inputs from data- attributes.
 */
import { analyticsPageScript } from '../analytics/sandboxScript'

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** A page with the sandbox banner. */
export function page(
  title: string,
  body: string,
  script: string,
  data: Record<string, string> = {},
) {
  const attrs = Object.entries(data)
    .map(([k, v]) => ` data-${k}="${escape(v)}"`)
    .join('')
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escape(title)} · Tessera sandbox</title>
<meta name="viewport" content="width=device-width,initial-scale=1">
<style>body{font:16px system-ui,sans-serif;margin:0;background:#111;color:#eee}
.banner{background:#b45309;color:#fff;padding:8px 16px;font-weight:700}
main{padding:16px;max-width:720px}button{font-size:16px;padding:8px 16px;margin:4px}
pre{white-space:pre-wrap;background:#222;padding:8px}table{border-collapse:collapse}
td,th{border:1px solid #444;padding:4px 8px;text-align:left}</style></head>
<body${attrs}><div class="banner">SANDBOX · test provider, no real money or messages</div>
<main><h1>${escape(title)}</h1>${body}</main>
<script src="/api/sandbox/assets/${script}.js"></script></body></html>`
}

/** Scripts served at /api/sandbox/assets/<name>.js. */
export const scripts: Record<string, string> = {
  analytics: analyticsPageScript,
  pay: `
const id = document.body.dataset.invoice
const out = document.getElementById('result')
document.getElementById('pay').addEventListener('click', async () => {
  const res = await fetch('/api/sandbox/pay/' + id + '/confirm', { method: 'POST' })
  const body = await res.json()
  out.textContent = res.ok ? 'Paid. You can close this page.' : 'Refused: ' + JSON.stringify(body)
  if (res.ok) setTimeout(() => window.close(), 800)
})
`,
  social: `
const state = document.body.dataset.state
document.getElementById('continue').addEventListener('click', async () => {
  const subject = document.getElementById('subject').value || 'player1'
  const res = await fetch('/api/sandbox/social/complete', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ state, subject }),
  })
  const body = await res.json()
  if (!res.ok) { document.getElementById('result').textContent = JSON.stringify(body); return }
  if (window.opener) window.opener.postMessage(body.message, body.origin)
  window.close()
})
`,
  dev: `
const list = document.getElementById('outbox')
async function refresh() {
  const res = await fetch('/api/sandbox/outbox?limit=50')
  const { data } = await res.json()
  list.replaceChildren(...data.map((m) => {
    const tr = document.createElement('tr')
    for (const v of [m.created_at, m.channel, m.to, m.subject, m.code ?? '', m.body]) {
      const td = document.createElement('td'); td.textContent = v; tr.appendChild(td)
    }
    return tr
  }))
}
refresh()
setInterval(refresh, 3000)
`,
}

/** The sandbox home: the outbox, refreshed every 3 s. */
export function devPage(): string {
  return page(
    'Outbox',
    `<p>E-mails and SMS the server sent. Also at <code>GET /api/sandbox/outbox?to=…</code>.</p>
<table><thead><tr><th>time</th><th>channel</th><th>to</th><th>subject</th><th>code</th><th>body</th></tr></thead>
<tbody id="outbox"></tbody></table>`,
    'dev',
  )
}
