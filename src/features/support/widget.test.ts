import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  PAGE_UPDATE_DELAY_MS,
  startSupportWidget,
  type SupportWidget,
  type SupportWidgetHost,
} from './widget'

/** A host whose route changes, idle moment and widget load the test drives. */
function fakeHost(opts: { fail?: boolean } = {}) {
  const widget = { open: vi.fn(), pageChanged: vi.fn<(path: string) => void>() }
  let route: ((path: string) => void) | undefined
  let idle: (() => void) | undefined
  let path = '/'
  const load = vi.fn(() =>
    opts.fail ? Promise.reject(new Error('offline')) : Promise.resolve<SupportWidget>(widget),
  )
  const host: SupportWidgetHost = {
    load,
    onRouteChange: (run) => {
      route = run
      return () => (route = undefined)
    },
    currentPath: () => path,
    whenIdle: (run) => (idle = run),
    setTimeout: (run, ms) => setTimeout(run, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    logError: vi.fn(),
  }
  return {
    host,
    widget,
    load,
    navigate(to: string) {
      path = to
      route?.(to)
    },
    idle: () => idle?.(),
  }
}

describe('support widget facade', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('loads nothing until the page is idle, then tells the widget the current page', async () => {
    const f = fakeHost()
    startSupportWidget(f.host)
    expect(f.load).not.toHaveBeenCalled()
    f.navigate('/ru/bonuses')
    f.idle()
    await vi.advanceTimersByTimeAsync(0)
    expect(f.load).toHaveBeenCalledTimes(1)
    expect(f.widget.pageChanged).toHaveBeenCalledWith('/ru/bonuses')
  })

  it('tells the widget the new page 250 ms after the last of a burst of route changes', async () => {
    const f = fakeHost()
    startSupportWidget(f.host)
    f.idle()
    await vi.advanceTimersByTimeAsync(0)
    f.widget.pageChanged.mockClear()

    f.navigate('/faq')
    await vi.advanceTimersByTimeAsync(PAGE_UPDATE_DELAY_MS - 1)
    expect(f.widget.pageChanged).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(f.widget.pageChanged).toHaveBeenCalledExactlyOnceWith('/faq')

    // A redirect chain: three changes 100 ms apart make one update, 250 ms after the last.
    f.widget.pageChanged.mockClear()
    f.navigate('/games/crash')
    await vi.advanceTimersByTimeAsync(100)
    f.navigate('/kz/games/crash')
    await vi.advanceTimersByTimeAsync(100)
    f.navigate('/kz/games/dice?bet=1')
    await vi.advanceTimersByTimeAsync(PAGE_UPDATE_DELAY_MS - 1)
    expect(f.widget.pageChanged).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(f.widget.pageChanged.mock.calls).toEqual([['/kz/games/dice?bet=1']])
  })

  it('loads at once and opens when a player asks for support before the page is idle', async () => {
    const f = fakeHost()
    const facade = startSupportWidget(f.host)
    facade.open()
    facade.open()
    await vi.advanceTimersByTimeAsync(0)
    expect(f.load).toHaveBeenCalledTimes(1)
    expect(f.widget.open).toHaveBeenCalledTimes(1)
    facade.open()
    expect(f.widget.open).toHaveBeenCalledTimes(2)
    // The idle moment after that loads nothing more.
    f.idle()
    await vi.advanceTimersByTimeAsync(0)
    expect(f.load).toHaveBeenCalledTimes(1)
  })

  it('logs a failed load without throwing, and tries again on the next request', async () => {
    const f = fakeHost({ fail: true })
    const facade = startSupportWidget(f.host)
    f.idle()
    await vi.advanceTimersByTimeAsync(0)
    expect(f.host.logError).toHaveBeenCalledTimes(1)
    facade.open()
    await vi.advanceTimersByTimeAsync(0)
    expect(f.load).toHaveBeenCalledTimes(2)
  })

  it('stops listening to route changes when stopped', async () => {
    const f = fakeHost()
    const facade = startSupportWidget(f.host)
    f.idle()
    await vi.advanceTimersByTimeAsync(0)
    f.widget.pageChanged.mockClear()
    f.navigate('/top')
    facade.stop()
    await vi.advanceTimersByTimeAsync(PAGE_UPDATE_DELAY_MS * 2)
    f.navigate('/faq')
    await vi.advanceTimersByTimeAsync(PAGE_UPDATE_DELAY_MS * 2)
    expect(f.widget.pageChanged).not.toHaveBeenCalled()
  })
})
