import { describe, expect, it } from 'vitest'
import { Announcer } from './announcer'
import type { UserId } from './player'

interface Ev {
  type: string
}

function setup() {
  const sent: string[] = []
  const errors: string[] = []
  const announce = new Announcer<Ev, Ev>({
    game: 'test',
    emitter: {
      broadcast: (e) => sent.push(e.type),
      toUser: (userId, e) => sent.push(`${userId}:${e.type}`),
    },
    log: { info: () => {}, error: (_obj, msg) => errors.push(msg ?? '') },
  })
  return { announce, sent, errors }
}

function deferred() {
  let resolve!: () => void
  let reject!: (err: Error) => void
  const promise = new Promise<void>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

/** Lets every pending promise callback run. */
const settle = () => new Promise((resolve) => setImmediate(resolve))

describe('Announcer: write, then announce', () => {
  it('sends an event only once every write queued before it has landed, in queue order', async () => {
    const { announce, sent } = setup()
    const write = deferred()
    announce.broadcast({ type: 'before' })
    const landed = announce.write('round', () => write.promise)
    announce.broadcast({ type: 'after' })
    announce.toUser(7 as UserId, { type: 'mine' })
    await settle()
    expect(sent).toEqual(['before'])
    expect(announce.busy).toBe(true)
    write.resolve()
    await announce.idle()
    expect(sent).toEqual(['before', 'after', '7:mine'])
    expect(await landed).toBe(true)
    expect(announce.busy).toBe(false)
  })

  it('drops what waited on a failed write, and announces again after the next write lands', async () => {
    const { announce, sent, errors } = setup()
    const landed = announce.write('round', () => Promise.reject(new Error('db down')))
    announce.broadcast({ type: 'untrue' })
    void announce.write('next', () => Promise.resolve())
    announce.broadcast({ type: 'true' })
    await announce.idle()
    expect(await landed).toBe(false)
    expect(sent).toEqual(['true'])
    expect(errors).toHaveLength(1)
  })

  it('holds events until a write made elsewhere is done, however it ends', async () => {
    const { announce, sent } = setup()
    const elsewhere = deferred()
    announce.after(elsewhere.promise)
    announce.broadcast({ type: 'row' })
    await settle()
    expect(sent).toEqual([])
    elsewhere.reject(new Error('its own chain logs it'))
    await announce.idle()
    expect(sent).toEqual(['row'])
  })

  it('runs a step at its turn: what it announces goes out then, before what was queued after it', async () => {
    const { announce, sent } = setup()
    const write = deferred()
    void announce.write('end', () => write.promise)
    announce.whenDurable(() => {
      announce.broadcast({ type: 'rows' })
      announce.broadcast({ type: 'crashed' }, () => announce.broadcast({ type: 'told' }))
    })
    announce.toUser(1 as UserId, { type: 'settled' })
    write.resolve()
    await announce.idle()
    expect(sent).toEqual(['rows', 'crashed', 'told', '1:settled'])
  })

  it('sends nothing once stopped, though queued writes still run', async () => {
    const { announce, sent } = setup()
    let wrote = false
    void announce.write('round', async () => {
      wrote = true
    })
    announce.broadcast({ type: 'late' })
    announce.stop()
    await announce.idle()
    expect(wrote).toBe(true)
    expect(sent).toEqual([])
  })
})
