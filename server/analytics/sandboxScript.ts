/**
 * The script of the sandbox's analytics page (sandboxPage.ts), served at
 * /api/sandbox/assets/analytics.js. A module of its own, without imports, so server/sandbox/pages.ts
 * can list it without an import cycle.
 */
export const analyticsPageScript = `
const list = document.getElementById('events')
const visitor = document.getElementById('visitor')
async function refresh() {
  const q = new URLSearchParams({ limit: '100' })
  if (visitor.value) q.set('distinct_id', visitor.value)
  const res = await fetch('/api/sandbox/analytics/events?' + q)
  const { data } = await res.json()
  list.replaceChildren(...data.map((e) => {
    const tr = document.createElement('tr')
    const path = e.properties.full_path ?? e.properties.$pathname ?? ''
    for (const v of [e.received_at, e.event, e.distinct_id, path, e.set ? JSON.stringify(e.set) : '']) {
      const td = document.createElement('td'); td.textContent = v; tr.appendChild(td)
    }
    return tr
  }))
}
visitor.addEventListener('change', refresh)
refresh()
setInterval(refresh, 3000)
`
