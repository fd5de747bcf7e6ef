import { describe, expect, it } from 'vitest'

import { json, testApi } from '../../api/test/fakeServer'

const session = {
  id: 3,
  created_at: '2026-11-20T10:00:00.000Z',
  last_seen_at: '2026-11-22T05:00:00.000Z',
  user_agent: null,
  ip: null,
  current: true,
}

/** The profile area's designed calls (src/api/profile.ts) against a scripted server. */
describe('profile area endpoints', () => {
  it('GET profile/sessions parses the list', async () => {
    const { api, seen } = testApi(() => json({ data: [session], previous_login_at: null }))
    expect((await api.profile.sessions()).data[0]?.current).toBe(true)
    expect(seen[0]).toMatchObject({ method: 'GET', path: 'profile/sessions' })
  })

  it('DELETE profile/sessions/{id}, and refuses a non-positive id before sending', async () => {
    const { api, seen } = testApi(() => json({ success: true }))
    await api.profile.revokeSession(9)
    expect(seen[0]).toMatchObject({ method: 'DELETE', path: 'profile/sessions/9' })
    expect(() => api.profile.revokeSession(0)).toThrow(/^\[Api\] invalid id/)
    expect(seen).toHaveLength(1)
  })

  it('GET profile/history sends kind, cursor and limit, and checks the answer', async () => {
    const { api, seen } = testApi(() => json({ kind: 'deposits', data: [], next_cursor: null }))
    const page = await api.profile.history({ kind: 'deposits', cursor: 'MTIz', limit: 5 })
    expect(page.kind).toBe('deposits')
    expect(seen[0]?.path).toBe('profile/history')
    expect(Object.fromEntries(seen[0]!.url.searchParams)).toEqual({
      kind: 'deposits',
      cursor: 'MTIz',
      limit: '5',
    })
    const broken = testApi(() =>
      json({ kind: 'bets', data: [{ game: 'dice' }], next_cursor: null }),
    )
    await expect(broken.api.profile.history({ kind: 'bets' })).rejects.toThrow(
      /response does not match the contract/,
    )
  })
})
