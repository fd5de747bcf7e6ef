import { page } from '../sandbox/pages'

/**
 * The sandbox's analytics page (GET /api/sandbox/analytics): the latest events the own ingest
 * stored, refreshed every 3 s, with a visitor filter. Its script is served with the other sandbox
 * scripts (server/sandbox/pages.ts; the script is sandboxScript.ts), since the CSP forbids inline
 * script.
 */
export function analyticsPage(): string {
  return page(
    'Analytics events',
    `<p>Events posthog-js sent to this server's ingest (<code>/api/ingest</code>), newest first.
Also at <code>GET /api/sandbox/analytics/events?distinct_id=…</code>.</p>
<label>Visitor (distinct_id) <input id="visitor" maxlength="200"></label>
<table><thead><tr><th>received</th><th>event</th><th>distinct_id</th><th>path</th><th>person properties</th></tr></thead>
<tbody id="events"></tbody></table>`,
    'analytics',
  )
}
