import { act, fireEvent, render, screen } from '@testing-library/react'
import { useEffect, type ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import kitEn from '../../../locales/en/kit.json'
import type { Minor } from '../../engine/money'
import { i18nTestEnv } from '../testing/i18n'
import { GameFrame } from './GameFrame'
import { GameSessionContext, type GameSession } from './gameSession'
import { useSoundSettings } from './sound/soundSettings'

i18nTestEnv({ en: { kit: kitEn } })

// jsdom has no WebGL: this host loads the scene (the part that can fail) and reports its status
// as the real one does, with the overlay drawn over nothing.
vi.mock('../../engine/canvas', () => ({
  CanvasHost: ({
    children,
    createScene,
    onStatus,
  }: {
    children?: ReactNode
    createScene: () => Promise<unknown>
    onStatus?: (status: string) => void
  }) => {
    useEffect(() => {
      let live = true
      onStatus?.('loading')
      createScene().then(
        () => live && onStatus?.('ready'),
        () => live && onStatus?.('failed'),
      )
      return () => {
        live = false
      }
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }, [])
    return <div>{children}</div>
  },
}))

const ONLINE = { status: 'online', rttMs: null, resyncing: false } as const

function frame(
  createScene: () => Promise<unknown>,
  roundId: string | null = null,
  session?: GameSession,
) {
  const ui = (
    <GameFrame
      game="dice"
      createScene={createScene as never}
      view={{}}
      label="Dice"
      roundId={roundId}
      connection={ONLINE}
      panel={<section>panel</section>}
    />
  )
  return render(session ? <GameSessionContext value={session}>{ui}</GameSessionContext> : ui)
}

const status = () => screen.queryByTestId('dice.canvas-status')

beforeEach(() => useSoundSettings.setState({ muted: false, volume: 0.6 }))
afterEach(() => document.documentElement.classList.remove('game-theatre-open'))

describe('GameFrame', () => {
  it('shows a loading state until the scene draws', async () => {
    let resolve!: (scene: unknown) => void
    frame(() => new Promise((ok) => (resolve = ok)))
    expect(status()?.dataset.status).toBe('loading')
    expect(status()?.textContent).toBe(kitEn.canvas.loading)
    await act(async () => resolve({}))
    expect(status()).toBeNull()
  })

  it('shows a translated error with a retry when the scene fails, and the retry loads it again', async () => {
    const createScene = vi
      .fn<() => Promise<unknown>>()
      .mockRejectedValueOnce(new Error('chunk'))
      .mockResolvedValueOnce({})
    frame(createScene)
    await act(async () => {})
    expect(status()?.dataset.status).toBe('failed')
    expect(screen.getByRole('alert').textContent).toContain(kitEn.canvas.failed)
    await act(async () => fireEvent.click(screen.getByRole('button', { name: kitEn.canvas.retry })))
    expect(createScene).toHaveBeenCalledTimes(2)
    expect(status()).toBeNull()
  })

  it('names an instant bet by a short id, a live round by its number, and nothing before one', () => {
    const { rerender } = frame(async () => ({}), 'b-eaf732c8-3ca8-4f1e-9a55-0c1d2e3f4a5b')
    expect(screen.getByTestId('dice.round').textContent).toBe('Bet eaf732c8')
    rerender(
      <GameFrame
        game="dice"
        createScene={async () => ({}) as never}
        view={{}}
        label="Dice"
        roundId="4812"
        connection={ONLINE}
        panel={null}
      />,
    )
    expect(screen.getByTestId('dice.round').textContent).toBe('Round 4812')
    rerender(
      <GameFrame
        game="dice"
        createScene={async () => ({}) as never}
        view={{}}
        label="Dice"
        roundId={null}
        connection={ONLINE}
        panel={null}
      />,
    )
    expect(screen.getByTestId('dice.round').textContent).toBe('')
  })

  it('enters the theatre layout where the browser has no element full screen, and Esc leaves it', () => {
    frame(async () => ({}))
    const button = screen.getByTestId('dice.fullscreen')
    fireEvent.click(button)
    expect(screen.getByTestId('dice.area').dataset.screen).toBe('theatre')
    expect(screen.getByTestId('dice.area').classList.contains('game__main--theatre')).toBe(true)
    expect(document.documentElement.classList.contains('game-theatre-open')).toBe(true)
    expect(button.getAttribute('aria-pressed')).toBe('true')
    fireEvent.keyDown(window, { key: 'Escape' })
    expect(screen.getByTestId('dice.area').dataset.screen).toBe('normal')
    expect(document.documentElement.classList.contains('game-theatre-open')).toBe(false)
  })

  it('uses the Fullscreen API where there is one, and the button leaves it', async () => {
    frame(async () => ({}))
    const area = screen.getByTestId('dice.area')
    let current: Element | null = null
    Object.defineProperty(document, 'fullscreenEnabled', { configurable: true, value: true })
    Object.defineProperty(document, 'fullscreenElement', { configurable: true, get: () => current })
    const change = () => document.dispatchEvent(new Event('fullscreenchange'))
    area.requestFullscreen = vi.fn(async () => {
      current = area
      change()
    })
    document.exitFullscreen = vi.fn(async () => {
      current = null
      change()
    })
    try {
      await act(async () => fireEvent.click(screen.getByTestId('dice.fullscreen')))
      expect(area.requestFullscreen).toHaveBeenCalled()
      expect(area.dataset.screen).toBe('fullscreen')
      await act(async () => fireEvent.click(screen.getByTestId('dice.fullscreen')))
      expect(document.exitFullscreen).toHaveBeenCalled()
      expect(area.dataset.screen).toBe('normal')
    } finally {
      Reflect.deleteProperty(document, 'fullscreenEnabled')
      Reflect.deleteProperty(document, 'fullscreenElement')
    }
  })

  it('keeps the mute switch and the volume in the persisted sound settings', () => {
    frame(async () => ({}))
    const mute = screen.getByRole('button', { name: kitEn.sound.mute })
    expect(mute.getAttribute('aria-pressed')).toBe('false')
    fireEvent.click(mute)
    expect(useSoundSettings.getState().muted).toBe(true)
    expect(mute.getAttribute('aria-pressed')).toBe('true')
    expect(JSON.parse(localStorage.getItem('tessera.sound')!).state.muted).toBe(true)
    fireEvent.click(mute)
    fireEvent.change(screen.getByRole('slider', { name: kitEn.sound.volume }), {
      target: { value: '25' },
    })
    expect(useSoundSettings.getState().volume).toBe(0.25)
  })

  it("toggles the session's statistics panel for a player, and offers none to a guest", async () => {
    const session: GameSession = {
      bets: [
        { id: 'a', amount: 1000 as Minor, payout: 1980 as Minor },
        { id: 'b', amount: 1000 as Minor, payout: 0 as Minor },
        { id: 'c', amount: 500 as Minor, payout: 0 as Minor },
      ],
      currency: 'RUB',
      locale: 'en',
      reset: vi.fn(),
      report: vi.fn(),
    }
    // The panel's module, loaded (and transformed) before the page asks for it: its first
    // transform on a loaded machine took longer than findBy's wait, which then timed out.
    await import('./SessionStats')
    const { unmount } = frame(async () => ({}), null, session)
    const toggle = screen.getByTestId('dice.stats-toggle')
    expect(screen.queryByTestId('dice.stats')).toBeNull()
    fireEvent.click(toggle)
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    // The panel's code loads when it is first opened.
    expect((await screen.findByTestId('dice.stats-wagered')).textContent).toBe('₽25.00')
    expect(screen.getByTestId('dice.stats-profit').textContent).toBe('-₽5.20')
    expect(screen.getByTestId('dice.stats-wins').textContent).toBe('1')
    expect(screen.getByTestId('dice.stats-losses').textContent).toBe('2')
    expect(screen.getByTestId('dice.stats-count').textContent).toBe('Bets: 3')
    expect(screen.getByRole('img', { name: /Profit over the session/ })).toBeDefined()
    fireEvent.click(screen.getByRole('button', { name: kitEn.stats.reset }))
    expect(session.reset).toHaveBeenCalled()
    fireEvent.click(toggle)
    expect(screen.queryByTestId('dice.stats')).toBeNull()
    unmount()
    frame(async () => ({}), null, { ...session, currency: null })
    expect(screen.queryByTestId('dice.stats-toggle')).toBeNull()
  })
})
