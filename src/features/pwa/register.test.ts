import { describe, expect, it } from 'vitest'
import { offerWaitingWorker, type WaitingWorker } from './register'

function waiting(answer: Promise<unknown>) {
  const log: string[] = []
  let controlling: (() => void) | null = null
  const worker: WaitingWorker = {
    askBuildId: () => answer,
    activate: (onControlling) => {
      log.push('skip waiting')
      controlling = onControlling
    },
  }
  return { worker, log, takeControl: () => controlling?.() }
}

function shell(buildId: string | null) {
  const log: string[] = []
  let activate: (() => void) | null = null
  return {
    log,
    reload: () => log.push('reload'),
    clickReload: () => activate?.(),
    options: {
      buildId,
      onUpdate: (id: string) => log.push(`notice ${id}`),
      setActivate: (run: (() => void) | null) => {
        activate = run
      },
    },
  }
}

describe('a waiting service worker', () => {
  it('of another build goes to the update notice, whose Reload activates it, then reloads', async () => {
    const w = waiting(Promise.resolve('assets/index-2.js'))
    const s = shell('assets/index-1.js')
    await offerWaitingWorker(w.worker, s.options, s.reload)
    expect(s.log).toEqual(['notice assets/index-2.js'])
    expect(w.log).toEqual([])

    s.clickReload()
    expect(w.log).toEqual(['skip waiting'])
    // The page reloads only once the new worker controls it.
    expect(s.log).toEqual(['notice assets/index-2.js'])
    w.takeControl()
    expect(s.log).toEqual(['notice assets/index-2.js', 'reload'])
  })

  it('of the build the page already runs takes over at once, with no notice and no reload', async () => {
    const w = waiting(Promise.resolve('assets/index-1.js'))
    const s = shell('assets/index-1.js')
    await offerWaitingWorker(w.worker, s.options, s.reload)
    expect(w.log).toEqual(['skip waiting'])
    w.takeControl()
    expect(s.log).toEqual([])
  })

  it('that does not say its build is offered as an update', async () => {
    const w = waiting(Promise.reject(new Error('no answer')))
    const s = shell('assets/index-1.js')
    await offerWaitingWorker(w.worker, s.options, s.reload)
    expect(s.log).toEqual(['notice service-worker'])
  })
})
