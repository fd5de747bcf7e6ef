import { describe, expect, it } from 'vitest'
import { PROTOCOL_VERSION } from '../../../games/crash/protocol'
import { crashTimeMs } from '../../../games/crash/rules'
import { BETTING_MS, PAUSE_MS } from '../../../server/games/crash/testing'
import { diceBet, PASSWORD, type SocketsApp } from '../support/sockets'

/** What server/realtime/guard.ts answers and how socket.io names a kick by the server. */
const KICKED = 'io server disconnect'

const crashBet = () => ({
  type: 'bet',
  v: PROTOCOL_VERSION,
  key: `k-${crypto.randomUUID()}`,
  amount: 1000,
  currency: 'RUB',
  autoCashoutAt: null,
})

/**
 * Sockets end with their session (issue #24, item 2), run by sockets.test.ts on each driver: every
 * way a session ends closes its sockets on every namespace, and only its own.
 */
export function socketSessionsSuite(ctx: { s: SocketsApp }): void {
  describe('sockets end with their session', () => {
    it('log-out closes the sockets of that session on every namespace, not the other session', async () => {
      const { s } = ctx
      const [mine, other] = (await s.player(100_000, 2)).sessions
      const onDice = s.connect('/dice', mine.token, '10.2.0.1')
      const onCrash = s.connect('/crash', mine.token, '10.2.0.1')
      const beside = s.connect('/dice', other.token, '10.2.0.2')
      await Promise.all([onDice.connected, onCrash.connected, beside.connected])

      const out = await s.t.call('PUT', '/api/auth/logout', { token: mine.token })
      expect(out.statusCode).toBe(200)
      expect(await onDice.disconnected).toBe(KICKED)
      expect(await onCrash.disconnected).toBe(KICKED)
      // The other session plays on; the logged-out token opens no socket again.
      expect(await beside.send('bet', diceBet())).toMatchObject({ type: 'ok' })
      const again = s.connect('/dice', mine.token, '10.2.0.1')
      await expect(again.connected).rejects.toThrow('unauthorized')
    })

    it("revocation from the sessions list closes that session's sockets: no more personal events reach them", async () => {
      const { s } = ctx
      const [revoked, keeper] = (await s.player(100_000, 2)).sessions
      const gone = s.connect('/crash', revoked.token, '10.3.0.1')
      const kept = s.connect('/crash', keeper.token, '10.3.0.2')
      await Promise.all([gone.connected, kept.connected])
      const list = await s.t.call('GET', '/api/profile/sessions', { token: keeper.token })
      const target = list
        .json<{ data: { id: number; current: boolean }[] }>()
        .data.find((x) => !x.current)
      const res = await s.t.call('DELETE', `/api/profile/sessions/${target!.id}`, {
        token: keeper.token,
      })
      expect(res.statusCode).toBe(200)
      expect(await gone.disconnected).toBe(KICKED)

      // A bet of the player settles: its `settled` (the balance after it) goes to the player's
      // sockets, which the revoked one no longer is.
      const crash = s.crash()
      if (crash.currentRound().phase !== 'betting') {
        const { game } = crash.currentRound()
        await s.advanceCrash(crashTimeMs(crash.chain.crashPointOf(game)) + PAUSE_MS + 1)
      }
      expect(crash.currentRound().phase).toBe('betting')
      expect(await kept.send('bet', crashBet())).toMatchObject({ type: 'ok', status: 'placed' })
      const settled = kept.next('settled')
      const { game } = crash.currentRound()
      await s.advanceCrash(BETTING_MS + crashTimeMs(crash.chain.crashPointOf(game)) + 1)
      expect(await settled).toMatchObject({ type: 'settled', status: 'lost' })
      expect(kept.received.get('settled')).toBe(1)
      expect(gone.received.get('settled')).toBeUndefined()
    })

    it("a password change closes the other sessions' sockets and keeps the changer's", async () => {
      const { s } = ctx
      const [changer, thief] = (await s.player(100_000, 2)).sessions
      const theirs = s.connect('/roulette', thief.token, '10.4.0.1')
      const mine = s.connect('/roulette', changer.token, '10.4.0.2')
      await Promise.all([theirs.connected, mine.connected])
      const res = await s.t.call('POST', '/api/password/update', {
        token: changer.token,
        body: {
          old_password: PASSWORD,
          password: 'another-password-2',
          password_confirm: 'another-password-2',
        },
      })
      expect(res.statusCode, res.body).toBe(200)
      expect(await theirs.disconnected).toBe(KICKED)
      expect(mine.socket.connected).toBe(true)
      expect(await mine.send('time', {})).toMatchObject({ serverTime: expect.any(Number) })
    })

    it('a session that timed out refuses the next command and is closed; one kept in use lives on', async () => {
      const { s } = ctx
      const idle = await s.player(100_000, 1)
      const swept = await s.player(100_000, 1)
      const used = await s.player(100_000, 1)
      const idleSocket = s.connect('/dice', idle.sessions[0].token, '10.5.0.1')
      const sweptSocket = s.connect('/dice', swept.sessions[0].token, '10.5.0.1')
      const usedSocket = s.connect('/dice', used.sessions[0].token, '10.5.0.1')
      await Promise.all([idleSocket.connected, sweptSocket.connected, usedSocket.connected])
      const idleMs = s.t.services.config.sessionIdleTtlS * 1000

      // Six days on, the third player's client refreshes its tokens over HTTP: its session is used.
      s.t.clock.advance(idleMs - 24 * 3600_000)
      const refreshed = await s.t.call('POST', '/api/auth/refresh-token', {
        body: { refresh_token: used.sessions[0].refresh },
      })
      expect(refreshed.statusCode, refreshed.body).toBe(200)
      // Two days later the two others have been idle past the timeout; the socket does not know.
      s.t.clock.advance(2 * 24 * 3600_000)
      expect(idleSocket.socket.connected).toBe(true)
      expect(await idleSocket.send('bet', diceBet())).toMatchObject({
        type: 'error',
        code: 'unauthorized',
      })
      expect(await idleSocket.disconnected).toBe(KICKED)
      // Nobody commands on the second: the sweep finds it.
      await s.realtime.guard.sweep()
      expect(await sweptSocket.disconnected).toBe(KICKED)
      expect(await usedSocket.send('bet', diceBet())).toMatchObject({ type: 'ok' })
      expect(usedSocket.socket.connected).toBe(true)
      const bets = await s.t.services.db.query<{ n: number }>(
        'SELECT COUNT(*)::int AS n FROM instant_bets WHERE user_id = $1',
        [idle.userId],
      )
      expect(bets[0]!.n).toBe(0)
    })
  })
}
