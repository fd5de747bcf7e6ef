import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, SimulatedClock } from 'xstate'

import {
  botCheckLoaderMachine,
  MAX_SCRIPT_POLLS,
  NOT_BROWSER_MESSAGE,
  NOT_READY_RETRY_MS,
  OTHER_SITE_KEY_MESSAGE,
  SCRIPT_POLL_MS,
  type LoaderEmitted,
} from './loader.machine'

function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

/** Lets the promise actors' settlements reach the machine. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

function start(options: { inBrowser?: boolean } = {}) {
  const world = { global: false, ready: false }
  const scripts: ReturnType<typeof deferred<void>>[] = []
  const tokens: ReturnType<typeof deferred<string>>[] = []
  const log = vi.fn()
  const hideBadge = vi.fn()
  const machine = botCheckLoaderMachine.provide({
    actors: {
      loadScript: fromPromise(() => {
        const d = deferred<void>()
        scripts.push(d)
        return d.promise
      }),
      execute: fromPromise(() => {
        const d = deferred<string>()
        tokens.push(d)
        return d.promise
      }),
    },
    guards: {
      inBrowser: () => options.inBrowser ?? true,
      scriptGlobalPresent: () => world.global,
      providerReady: () => world.ready,
    },
    actions: {
      log: (_, params) => log(params.message),
      hideBadge,
    },
  })
  const clock = new SimulatedClock()
  const actor = createActor(machine, { clock })
  const emitted: LoaderEmitted[] = []
  for (const type of ['loaded', 'failed', 'token', 'tokenFailed'] as const) {
    actor.on(type, (event) => emitted.push(event))
  }
  actor.start()
  return { actor, clock, world, scripts, tokens, log, hideBadge, emitted }
}

describe('bot-check loader machine', () => {
  it('goes not loaded → loading → loaded, polling for the script global every 25 ms', async () => {
    const t = start()
    expect(t.actor.getSnapshot().matches('notLoaded')).toBe(true)
    t.actor.send({ type: 'LOAD', siteKey: 'site-a' })
    expect(t.actor.getSnapshot().matches({ loading: 'script' })).toBe(true)
    t.scripts[0]!.resolve()
    await settle()
    expect(t.actor.getSnapshot().matches({ loading: 'polling' })).toBe(true)
    // The script ran but its global is not there yet: polled again after 25 ms, not before.
    t.clock.increment(SCRIPT_POLL_MS - 1)
    t.world.global = true
    expect(t.actor.getSnapshot().matches('loading')).toBe(true)
    t.clock.increment(1)
    expect(t.actor.getSnapshot().matches('loaded')).toBe(true)
    expect(t.hideBadge).toHaveBeenCalledTimes(1)
    expect(t.emitted).toEqual([{ type: 'loaded', siteKey: 'site-a' }])
    expect(t.log).not.toHaveBeenCalled()
    t.actor.stop()
  })

  it('refuses a load with a different site key while loading and once loaded', async () => {
    const t = start()
    t.actor.send({ type: 'LOAD', siteKey: 'site-a' })
    t.actor.send({ type: 'LOAD', siteKey: 'site-b' })
    expect(t.log).toHaveBeenCalledWith(OTHER_SITE_KEY_MESSAGE)
    expect(t.emitted).toEqual([{ type: 'failed', siteKey: 'site-b', reason: 'other-site-key' }])
    expect(t.actor.getSnapshot().context.siteKey).toBe('site-a')
    // The same key joins the load under way: no second script.
    t.actor.send({ type: 'LOAD', siteKey: 'site-a' })
    expect(t.scripts).toHaveLength(1)
    t.world.global = true
    t.scripts[0]!.resolve()
    await settle()
    expect(t.actor.getSnapshot().matches('loaded')).toBe(true)
    t.actor.send({ type: 'LOAD', siteKey: 'site-c' })
    expect(t.log).toHaveBeenCalledTimes(2)
    expect(t.emitted.at(-1)).toEqual({
      type: 'failed',
      siteKey: 'site-c',
      reason: 'other-site-key',
    })
    t.actor.send({ type: 'LOAD', siteKey: 'site-a' })
    expect(t.emitted.at(-1)).toEqual({ type: 'loaded', siteKey: 'site-a' })
    expect(t.actor.getSnapshot().matches('loaded')).toBe(true)
    t.actor.stop()
  })

  it('returns to not loaded when the script fails, and the next load tries again', async () => {
    const t = start()
    t.actor.send({ type: 'LOAD', siteKey: 'site-a' })
    t.scripts[0]!.reject(new Error('404'))
    await settle()
    expect(t.actor.getSnapshot().matches('notLoaded')).toBe(true)
    expect(t.actor.getSnapshot().context.siteKey).toBeNull()
    expect(t.emitted).toEqual([{ type: 'failed', siteKey: 'site-a', reason: 'script' }])
    // After a failure another key is no conflict: nothing is loaded.
    t.actor.send({ type: 'LOAD', siteKey: 'site-b' })
    expect(t.scripts).toHaveLength(2)
    expect(t.actor.getSnapshot().matches('loading')).toBe(true)
    t.actor.stop()
  })

  it('gives up on a script whose global never appears (400 polls, 10 s)', async () => {
    const t = start()
    t.actor.send({ type: 'LOAD', siteKey: 'site-a' })
    t.scripts[0]!.resolve()
    await settle()
    for (let poll = 0; poll < MAX_SCRIPT_POLLS; poll++) t.clock.increment(SCRIPT_POLL_MS)
    expect(t.actor.getSnapshot().matches('loading')).toBe(true)
    t.clock.increment(SCRIPT_POLL_MS)
    expect(t.actor.getSnapshot().matches('notLoaded')).toBe(true)
    expect(t.emitted).toEqual([{ type: 'failed', siteKey: 'site-a', reason: 'script' }])
    t.actor.stop()
  })

  it('refuses to load outside a browser', () => {
    const t = start({ inBrowser: false })
    t.actor.send({ type: 'LOAD', siteKey: 'site-a' })
    expect(t.log).toHaveBeenCalledWith(NOT_BROWSER_MESSAGE)
    expect(t.actor.getSnapshot().matches('notLoaded')).toBe(true)
    expect(t.scripts).toHaveLength(0)
    expect(t.emitted).toEqual([{ type: 'failed', siteKey: 'site-a', reason: 'not-browser' }])
    t.actor.stop()
  })

  it('asks a provider that is not ready again every 500 ms, then hands out its token', async () => {
    const t = start()
    t.world.global = true
    t.actor.send({ type: 'LOAD', siteKey: 'site-a' })
    t.scripts[0]!.resolve()
    await settle()
    t.actor.send({ type: 'EXECUTE' })
    expect(t.actor.getSnapshot().matches({ loaded: 'checking' })).toBe(true)
    t.clock.increment(NOT_READY_RETRY_MS)
    expect(t.tokens).toHaveLength(0)
    t.world.ready = true
    t.clock.increment(NOT_READY_RETRY_MS - 1)
    expect(t.tokens).toHaveLength(0)
    t.clock.increment(1)
    expect(t.actor.getSnapshot().matches({ loaded: 'executing' })).toBe(true)
    t.tokens[0]!.resolve('token-1')
    await settle()
    expect(t.emitted.at(-1)).toEqual({ type: 'token', token: 'token-1' })
    expect(t.actor.getSnapshot().matches({ loaded: 'idle' })).toBe(true)
    // A failed token request leaves the provider loaded.
    t.actor.send({ type: 'EXECUTE' })
    const boom = new Error('challenge closed')
    t.tokens[1]!.reject(boom)
    await settle()
    expect(t.emitted.at(-1)).toEqual({ type: 'tokenFailed', error: boom })
    expect(t.actor.getSnapshot().matches({ loaded: 'idle' })).toBe(true)
    t.actor.stop()
  })
})
