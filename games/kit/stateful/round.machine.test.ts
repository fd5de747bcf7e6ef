import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor } from 'xstate'
import type { Minor } from '../../engine/money'
import type { CommandKey } from '../protocol'
import { towerRoundMachine, towerServer, towerStreamWire, towerTrap } from '../testing/towerClient'
import { towerWire, type TowerAction } from '../testing/towerGame'
import { machineEvent } from '../wireLink'
import { statefulCommandActors } from './link'
import { RESEND_MS } from './round.machine'

const SERVER_SEED = 'tower-server-seed'
const CLIENT_SEED = 'tower-client'
const key = (n: number) => `key-0000-${n}` as CommandKey
const streamWire = towerStreamWire
/** The trap of floor `floor` of the round of nonce `nonce`. */
const trap = (nonce: number, floor: number) => towerTrap(SERVER_SEED, CLIENT_SEED, nonce, floor)
const safe = (nonce: number, floor: number) => ({ door: (trap(nonce, floor) + 1) % 3 })

function start(options: { connected?: boolean } = {}) {
  const server = towerServer(SERVER_SEED, CLIENT_SEED)
  const sent: { name: string; payload: unknown }[] = []
  /** Set to lose the next answer: the server applies the command, the client never hears back. */
  const lose = { next: false }
  const transport = {
    request: async (name: string, payload: unknown) => {
      sent.push({ name, payload })
      const answer = server.answer(name, payload)
      if (lose.next) {
        lose.next = false
        throw new Error('timeout')
      }
      return answer
    },
  }
  const machine = towerRoundMachine().provide({
    actors: statefulCommandActors(towerWire, transport),
  })
  const actor = createActor(machine, { input: { currency: 'RUB', balance: 10_000 as Minor } })
  actor.start()
  const send = (name: string, payload: unknown) =>
    actor.send(machineEvent(streamWire, name, payload))
  if (options.connected !== false) send('connect', { recovered: false, clockOffset: 0 })
  send('snapshot', server.snapshot())
  return { actor, server, sent, lose, send }
}

const open = (n: number, amount = 100) =>
  ({ type: 'OPEN', key: key(n), amount: amount as Minor, params: { floors: 5 } }) as const
const step = (n: number, action: TowerAction) => ({ type: 'STEP', key: key(n), action }) as const
const settle = () => vi.advanceTimersByTimeAsync(0)

/** Opens round-1 and climbs its first floor; `lost`: that step's answer never comes back. */
async function openAndClimb(run: ReturnType<typeof start>, options: { lost?: boolean } = {}) {
  run.actor.send(open(1))
  await settle()
  run.lose.next = options.lost ?? false
  run.actor.send(step(2, safe(0, 0)))
  await settle()
}

/** The machine shows round-1 ended after its first floor (1.48x on 100: 148 paid), as `end`. */
function expectEndShown(run: ReturnType<typeof start>, end: { endReason: string; step: number }) {
  expect(run.actor.getSnapshot().value).toBe('settled')
  expect(run.actor.getSnapshot().context).toMatchObject({
    balance: 10_048,
    pending: null,
    lastError: null,
    round: { roundId: 'round-1', status: 'won', payout: 148, ...end },
  })
  expect(run.actor.getSnapshot().context.round?.reveal).toEqual({ traps: [trap(0, 0)] })
}

describe('stateful round machine', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('opens, steps and cashes out, the balance and round from the acks', async () => {
    const { actor, sent } = start()
    actor.send(open(1))
    expect(actor.getSnapshot().matches('opening')).toBe(true)
    await settle()
    expect(actor.getSnapshot().value).toBe('open')
    expect(actor.getSnapshot().context).toMatchObject({
      balance: 9_900,
      round: { step: 0, status: 'open', multiplier: 0 },
      seeds: { nonce: 1 },
    })
    actor.send(step(2, safe(0, 0)))
    expect(actor.getSnapshot().matches('stepping')).toBe(true)
    await settle()
    actor.send(step(3, safe(0, 1)))
    await settle()
    const open2 = actor.getSnapshot()
    expect(open2.value).toBe('open')
    // Mid-round the ack's balance is null: the last known one stands.
    expect(open2.context.balance).toBe(9_900)
    expect(open2.context.round).toMatchObject({ step: 2, multiplier: 22_275, payout: 222 })
    actor.send({ type: 'CASHOUT', key: key(4) })
    await settle()
    const done = actor.getSnapshot()
    expect(done.value).toBe('settled')
    expect(done.context).toMatchObject({
      balance: 10_122,
      pending: null,
      lastError: null,
      round: { status: 'won', endReason: 'cashout', payout: 222 },
    })
    expect(done.context.round?.reveal).toEqual({ traps: [trap(0, 0), trap(0, 1)] })
    expect(done.context.recent.map((r) => r.roundId)).toEqual(['round-1'])
    expect(sent.map((s) => s.name)).toEqual(['open', 'step', 'step', 'cashout'])
    expect(sent[2]?.payload).toMatchObject({ step: 1, roundId: 'round-1', key: key(3) })
    actor.send({ type: 'NEW' })
    expect(actor.getSnapshot().value).toBe('idle')
    expect(actor.getSnapshot().context.round).toBeNull()
  })

  it('settles a losing step, and opens again from settled', async () => {
    const { actor } = start()
    actor.send(open(1))
    await settle()
    actor.send(step(2, { door: trap(0, 0) }))
    await settle()
    expect(actor.getSnapshot().value).toBe('settled')
    expect(actor.getSnapshot().context.round).toMatchObject({ status: 'lost', payout: 0 })
    expect(actor.getSnapshot().context.balance).toBe(9_900)
    actor.send(open(3))
    await settle()
    expect(actor.getSnapshot().context.round).toMatchObject({ roundId: 'round-2', nonce: 1 })
  })

  it('refuses a guest and an offline player without sending anything', () => {
    const guest = createActor(towerRoundMachine(), { input: { currency: null, balance: null } })
    guest.start()
    guest.send({ type: 'CONNECTED', recovered: false, clockOffset: 0 })
    guest.send(open(1))
    expect(guest.getSnapshot().value).toBe('idle')
    expect(guest.getSnapshot().context.lastError).toBe('unauthorized')

    const { actor, sent } = start({ connected: false })
    actor.send(open(1))
    expect(sent).toHaveLength(0)
    expect(actor.getSnapshot().context.lastError).toBe('offline')
  })

  it('does not cash out before the round pays anything', async () => {
    const { actor, sent } = start()
    actor.send(open(1))
    await settle()
    actor.send({ type: 'CASHOUT', key: key(2) })
    expect(actor.getSnapshot().value).toBe('open')
    expect(sent).toHaveLength(1)
  })

  it('resumes the open round of the snapshot, as on a reload', async () => {
    const first = start()
    first.actor.send(open(1))
    await settle()
    first.actor.send(step(2, safe(0, 0)))
    await settle()
    // A new page: a new machine, the same server.
    const { server } = first
    const machine = towerRoundMachine().provide({
      actors: statefulCommandActors(towerWire, {
        request: async (name, payload) => server.answer(name, payload),
      }),
    })
    const actor = createActor(machine, { input: { currency: 'RUB', balance: 0 as Minor } })
    actor.start()
    actor.send({ type: 'CONNECTED', recovered: false, clockOffset: 0 })
    actor.send(machineEvent(streamWire, 'snapshot', server.snapshot()))
    expect(actor.getSnapshot().value).toBe('open')
    expect(actor.getSnapshot().context).toMatchObject({ balance: 9_900, round: { step: 1 } })
    actor.send(step(3, safe(0, 1)))
    await settle()
    expect(actor.getSnapshot().context.round?.step).toBe(2)
  })

  it('resends a step whose answer was lost with the same key on reconnection', async () => {
    const { actor, server, sent, lose, send } = start()
    actor.send(open(1))
    await settle()
    lose.next = true
    actor.send(step(2, safe(0, 0)))
    await settle()
    expect(actor.getSnapshot().matches({ stepping: 'lost' })).toBe(true)
    expect(actor.getSnapshot().context.lastError).toBe('network')
    expect(actor.getSnapshot().context.pending).toMatchObject({ key: key(2), step: 0 })
    send('disconnect', {})
    send('connect', { recovered: true, clockOffset: 0 })
    await settle()
    expect(sent.slice(1).map((s) => s.payload)).toEqual([sent[1]?.payload, sent[1]?.payload])
    // The server applied the step once and answered the resend with the round as it stands.
    expect(server.applied()).toBe(2)
    expect(actor.getSnapshot().value).toBe('open')
    expect(actor.getSnapshot().context).toMatchObject({
      round: { step: 1 },
      pending: null,
      lastError: null,
    })
  })

  it('applies a lost answer from the snapshot that shows its round moved on', async () => {
    const run = start()
    const { actor, server, sent, send } = run
    await openAndClimb(run, { lost: true })
    send('disconnect', {})
    send('snapshot', server.snapshot())
    expect(actor.getSnapshot().value).toBe('open')
    expect(actor.getSnapshot().context).toMatchObject({ round: { step: 1 }, pending: null })
    send('connect', { recovered: false, clockOffset: 0 })
    await settle()
    expect(sent).toHaveLength(2)
  })

  it('keeps a lost command while the snapshot does not show it applied', async () => {
    const { actor, server, sent, send } = start()
    actor.send(open(1))
    await settle()
    // Offline, the step is refused before it goes; the snapshot on reconnection changes nothing.
    send('disconnect', {})
    actor.send(step(2, safe(0, 0)))
    expect(actor.getSnapshot().context.lastError).toBe('offline')
    send('connect', { recovered: false, clockOffset: 0 })
    send('snapshot', server.snapshot())
    expect(actor.getSnapshot().value).toBe('open')
    expect(sent).toHaveLength(1)
  })

  it('shows the round as the server has it on stale_step (another tab stepped first)', async () => {
    const { actor, server } = start()
    actor.send(open(1))
    await settle()
    server.answer('step', { key: 'other-tab-1', roundId: 'round-1', step: 0, action: safe(0, 0) })
    actor.send(step(2, safe(0, 0)))
    await settle()
    expect(actor.getSnapshot().value).toBe('open')
    expect(actor.getSnapshot().context).toMatchObject({
      lastError: 'stale_step',
      round: { step: 1 },
      pending: null,
    })
  })

  it('plays on with the open round a game_in_progress refusal carries (another tab opened it)', async () => {
    const { actor, server } = start()
    server.answer('open', {
      key: 'other-tab-open',
      amount: 100,
      currency: 'RUB',
      params: { floors: 5 },
    })
    actor.send(open(1))
    await settle()
    expect(actor.getSnapshot().value).toBe('open')
    expect(actor.getSnapshot().context).toMatchObject({
      lastError: 'game_in_progress',
      round: { step: 0, status: 'open' },
      pending: null,
    })
  })

  it('settles on round_over with the round the server ended', async () => {
    const { actor, server } = start()
    actor.send(open(1))
    await settle()
    server.answer('step', {
      key: 'other-tab-1',
      roundId: 'round-1',
      step: 0,
      action: { door: trap(0, 0) },
    })
    actor.send(step(2, safe(0, 1)))
    await settle()
    expect(actor.getSnapshot().value).toBe('settled')
    expect(actor.getSnapshot().context).toMatchObject({
      lastError: 'round_over',
      round: { status: 'lost', endReason: 'lost' },
    })
  })

  it('gets the settled round when a cash-out meets a round the server ended', async () => {
    const { actor, server } = start()
    actor.send(open(1))
    await settle()
    actor.send(step(2, safe(0, 0)))
    await settle()
    server.expire()
    actor.send({ type: 'CASHOUT', key: key(3) })
    await settle()
    expect(actor.getSnapshot().value).toBe('settled')
    expect(actor.getSnapshot().context).toMatchObject({
      lastError: null,
      balance: 10_048,
      round: { status: 'won', endReason: 'expired', payout: 148 },
    })
  })

  it('shows the open round that ended in another tab as it ended, once in the strip', async () => {
    const run = start()
    const { actor, server, send, sent } = run
    await openAndClimb(run)
    server.answer('cashout', { key: 'other-tab-cashout', roundId: 'round-1', step: 1 })
    send('snapshot', server.snapshot())
    expectEndShown(run, { endReason: 'cashout', step: 2 })
    // Another resync shows nothing new; back on the form, the old round does not come back.
    send('snapshot', server.snapshot())
    expect(actor.getSnapshot().context.recent.map((r) => r.roundId)).toEqual(['round-1'])
    actor.send({ type: 'NEW' })
    send('snapshot', server.snapshot())
    expect(actor.getSnapshot().value).toBe('idle')
    expect(actor.getSnapshot().context.recent.map((r) => r.roundId)).toEqual(['round-1'])
    expect(sent.map((s) => s.name)).toEqual(['open', 'step'])
  })

  it('answers a step in flight with its round ended while the socket was down', async () => {
    const run = start()
    const { server, send, sent } = run
    await openAndClimb(run, { lost: true })
    send('disconnect', {})
    server.expire()
    send('snapshot', server.snapshot())
    expectEndShown(run, { endReason: 'expired', step: 1 })
    send('connect', { recovered: false, clockOffset: 0 })
    await settle()
    expect(sent.map((s) => s.name)).toEqual(['open', 'step'])
  })

  it('does not show an ended round on a first load', () => {
    const server = towerServer(SERVER_SEED, CLIENT_SEED)
    const opened = server.answer('open', {
      key: 'other-tab-open',
      amount: 100,
      currency: 'RUB',
      params: { floors: 5 },
    })
    expect(opened).toMatchObject({ type: 'ok', round: { roundId: 'round-1' } })
    server.answer('step', { key: 'k', roundId: 'round-1', step: 0, action: { door: trap(0, 0) } })
    expect(server.snapshot().me.lastEnded).toMatchObject({ roundId: 'round-1', status: 'lost' })
    const actor = createActor(towerRoundMachine(), {
      input: { currency: 'RUB', balance: 0 as Minor },
    })
    actor.start()
    actor.send(machineEvent(streamWire, 'snapshot', server.snapshot()))
    expect(actor.getSnapshot().value).toBe('idle')
    expect(actor.getSnapshot().context).toMatchObject({ round: null, recent: [], balance: 9_900 })
  })

  it('goes back to the form when the snapshot has not the end of the open round', async () => {
    const run = start()
    const { actor, server, send } = run
    await openAndClimb(run)
    server.expire()
    // An older server: its snapshot has no ended round.
    send('snapshot', server.snapshot({ lastEnded: false }))
    expect(actor.getSnapshot().value).toBe('idle')
    expect(actor.getSnapshot().context).toMatchObject({ round: null, balance: 10_048 })
    // Another round ended since (played in another tab): not the one shown, so the form.
    actor.send(open(3))
    await settle()
    server.expire()
    server.answer('open', { key: 'other-tab', amount: 100, currency: 'RUB', params: { floors: 5 } })
    server.answer('step', { key: 'k', roundId: 'round-3', step: 0, action: { door: trap(2, 0) } })
    send('snapshot', server.snapshot())
    expect(server.snapshot().me.lastEnded).toMatchObject({ roundId: 'round-3' })
    expect(actor.getSnapshot().value).toBe('idle')
    expect(actor.getSnapshot().context.round).toBeNull()
  })

  it('resends after a pause when the answer timed out on a live socket', async () => {
    const { actor, sent, lose } = start()
    lose.next = true
    actor.send(open(1))
    await settle()
    expect(actor.getSnapshot().matches({ opening: 'lost' })).toBe(true)
    await vi.advanceTimersByTimeAsync(RESEND_MS)
    expect(sent.map((s) => s.payload)).toEqual([sent[0]?.payload, sent[0]?.payload])
    expect(actor.getSnapshot().value).toBe('open')
    expect(actor.getSnapshot().context.balance).toBe(9_900)
  })

  it('takes a balance heard elsewhere (an auto-bet), but not over a command in flight', async () => {
    const { actor, lose } = start()
    actor.send({ type: 'BALANCE', balance: 12_345 as Minor })
    expect(actor.getSnapshot().context.balance).toBe(12_345)
    lose.next = true
    actor.send(open(1))
    await settle()
    actor.send({ type: 'BALANCE', balance: 1 as Minor })
    expect(actor.getSnapshot().context.balance).toBe(12_345)
  })
})
