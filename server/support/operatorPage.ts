/**
 * The operator's reply page (GET /api/support/operator) and its script. The page itself holds no
 * data: its script calls the operator API with the `token` cookie the site keeps (an operator
 * signs in on the site first), and the server checks the operator role on every one of those
 * calls. The CSP forbids inline script, hence the separate script. A staff tool, in English.
 */
export const OPERATOR_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Support · Tessera operator</title>
<meta name="viewport" content="width=device-width,initial-scale=1">
<style>body{font:15px system-ui,sans-serif;margin:0;background:#0f1115;color:#e8e8e8}
header{padding:12px 16px;background:#1b1f27;font-weight:700}
.wrap{display:flex;gap:16px;padding:16px;flex-wrap:wrap}
#threads{list-style:none;margin:0;padding:0;min-width:240px;flex:1 1 240px}
#threads button{width:100%;text-align:left;padding:8px;margin:0 0 6px;background:#1b1f27;
color:inherit;border:1px solid #333;border-radius:6px;cursor:pointer}
#threads button[aria-current=true]{border-color:#4f8cff}
section{flex:3 1 420px}#messages{list-style:none;padding:0;margin:0 0 12px}
#messages li{padding:6px 10px;margin:0 0 6px;border-radius:6px;background:#1b1f27;white-space:pre-wrap}
#messages li.operator{background:#16324f}small{color:#9aa}
textarea{width:100%;box-sizing:border-box;min-height:70px;font:inherit}
button.send{margin-top:6px;padding:8px 16px}#status{color:#f88}</style></head>
<body><header>Tessera support · operator</header>
<p id="status" role="status"></p>
<div class="wrap"><ul id="threads" aria-label="Threads" data-testid="operator.threads"></ul>
<section><h2 id="thread-title">Pick a thread</h2>
<ul id="messages" data-testid="operator.messages"></ul>
<form id="reply" hidden><label for="reply-text">Reply</label>
<textarea id="reply-text" maxlength="2000" required data-testid="operator.reply-input"></textarea>
<button class="send" type="submit" data-testid="operator.reply-send">Send</button></form>
</section></div>
<script src="/api/support/operator.js"></script></body></html>`

/** The page's script, served at GET /api/support/operator.js. */
export const OPERATOR_SCRIPT = `
const token = (/(?:^|;\\s*)token=([^;]*)/.exec(document.cookie) || [])[1]
const status = document.getElementById('status')
const list = document.getElementById('threads')
const messages = document.getElementById('messages')
const form = document.getElementById('reply')
const input = document.getElementById('reply-text')
let current = null
async function api(path, init) {
  const res = await fetch('/api/support/operator' + path, {
    ...init,
    headers: { authorization: 'Bearer ' + decodeURIComponent(token || ''), 'content-type': 'application/json' },
  })
  if (res.status === 401) throw new Error('Sign in on the site first (the session may have expired).')
  if (res.status === 403) throw new Error('This account is not a support operator.')
  if (!res.ok) throw new Error('Error ' + res.status)
  return res.json()
}
function text(tag, value, cls) {
  const el = document.createElement(tag)
  el.textContent = value
  if (cls) el.className = cls
  return el
}
async function openFile(id, name) {
  const res = await fetch('/api/support/attachments/' + id, {
    headers: { authorization: 'Bearer ' + decodeURIComponent(token || '') },
  })
  if (!res.ok) { status.textContent = 'Error ' + res.status; return }
  const url = URL.createObjectURL(await res.blob())
  const a = document.createElement('a')
  a.href = url; a.download = name; a.click()
  setTimeout(() => URL.revokeObjectURL(url), 60000)
}
async function showThread() {
  if (!current) return
  const { data } = await api('/threads/' + current.user_id)
  messages.replaceChildren(...data.map((m) => {
    const li = text('li', '', m.author)
    li.dataset.testid = 'operator.message'
    li.append(text('small', (m.author === 'operator' ? 'Operator' : 'Player') + ' · ' + new Date(m.created_at).toLocaleString() + (m.page ? ' · ' + m.page : '')), document.createElement('br'))
    if (m.body) li.append(text('span', m.body))
    if (m.attachment) {
      const b = text('button', 'Document: ' + m.attachment.name + ' (' + m.attachment.content_type + ', ' + m.attachment.size + ' B)')
      b.type = 'button'
      b.addEventListener('click', () => openFile(m.attachment.id, m.attachment.name))
      li.append(b)
    }
    return li
  }))
}
async function refresh() {
  try {
    const { data } = await api('/threads')
    list.replaceChildren(...data.map((t) => {
      const li = document.createElement('li')
      const b = text('button', (t.name || '#' + t.user_id) + (t.contact ? ' · ' + t.contact : '') + ' · ' + t.messages + (t.last_author === 'player' ? ' · awaiting reply' : ''))
      b.type = 'button'
      b.dataset.testid = 'operator.thread-' + t.user_id
      b.setAttribute('aria-current', String(current && current.user_id === t.user_id))
      b.addEventListener('click', () => {
        current = t
        document.getElementById('thread-title').textContent = b.textContent
        form.hidden = false
        showThread().then(refresh)
      })
      li.append(b)
      return li
    }))
    await showThread()
    status.textContent = ''
  } catch (e) {
    status.textContent = e.message
  }
}
form.addEventListener('submit', async (ev) => {
  ev.preventDefault()
  if (!current || !input.value.trim()) return
  try {
    await api('/threads/' + current.user_id + '/messages', { method: 'POST', body: JSON.stringify({ body: input.value }) })
    input.value = ''
    await refresh()
  } catch (e) {
    status.textContent = e.message
  }
})
refresh()
setInterval(() => { if (!document.hidden) refresh() }, 4000)
`
