import { createMemoryHistory } from '@tanstack/react-router'
import { act, fireEvent, render, screen } from '@testing-library/react'
import i18next from 'i18next'
import { beforeAll, describe, expect, it, vi } from 'vitest'

import type * as CrashModule from '../../games/crash'
import type { CrashGameProps } from '../../games/crash'
import { App } from '../App'
import { changeLocale, initI18n } from '../i18n'
import { createAppRouter } from '../routes/router'

// The game itself (socket, canvas, dialog) is tested in games/crash/ui/CrashGame.test.tsx; here
// only what the page hands it from the URL, and what closing the proof does to the URL.
// The real URL parser is kept; the rest of the game (PixiJS included) is never loaded.
vi.mock('../../games/crash', async () => ({
  parseCrashSearch: (await vi.importActual<typeof CrashModule>('../../games/crash/roundLink'))
    .parseCrashSearch,
  CrashGame: (props: CrashGameProps) => (
    <div data-testid="fake.crash" data-proof-round={props.proofRound ?? ''}>
      <button type="button" onClick={props.onProofClosed}>
        close
      </button>
    </div>
  ),
}))

beforeAll(async () => {
  await initI18n('en')
})

async function openAt(href: string, locale: 'en' | 'ru' = 'en') {
  const router = createAppRouter(locale, createMemoryHistory({ initialEntries: [href] }))
  // The language's texts are in before the first render: otherwise every translated component
  // suspends until they load, and how long that takes (a busy machine transforms ~20 files) is
  // not what this test is about.
  await changeLocale(locale)
  await router.load()
  render(<App router={router} i18n={i18next} />)
  return { router, game: await screen.findByTestId('fake.crash') }
}

describe('/games/crash?round=', () => {
  it('hands the round in the URL to the game, and closing its proof drops only that parameter', async () => {
    const { router, game } = await openAt('/ru/games/crash?round=42&utm=x', 'ru')
    expect(game.getAttribute('data-proof-round')).toBe('42')
    const before = router.history.length
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'close' })))
    expect(screen.getByTestId('fake.crash').getAttribute('data-proof-round')).toBe('')
    expect(router.state.location.pathname).toBe('/games/crash')
    expect(router.state.location.search).toEqual({ utm: 'x' })
    expect(router.history.location.pathname).toBe('/ru/games/crash')
    // Replaced, not pushed: Back leaves the page rather than reopening the proof.
    expect(router.history.length).toBe(before)
  })

  it.each(['/games/crash', '/games/crash?round=0', '/games/crash?round=%7B%7D'])(
    '%s opens no proof',
    async (href) => {
      const { game } = await openAt(href)
      expect(game.getAttribute('data-proof-round')).toBe('')
    },
  )
})
