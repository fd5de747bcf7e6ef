import { expect, type Page } from '@playwright/test'

/**
 * How long a game page's first load may take to bring its socket online: the entry script, the
 * first paint, the renderer's start and the socket's handshake, in one of two browsers sharing
 * CI's two cores with software WebGL. A test waits for the connection, not for a speed: alone on
 * this machine it comes in well under a second.
 */
const FIRST_CONNECTION_MS = 15_000

/**
 * Opens `/games/<game>` (or `path`: a case's page is `/games/cases/<slug>`), under a locale
 * prefix, `/ru` or `/kz`, if given, and waits until the game's socket is online
 * (`<game>.connection`), so what the test does next reaches the server.
 */
export async function openGame(
  page: Page,
  game: string,
  localePrefix = '',
  path = `/games/${game}`,
): Promise<void> {
  await page.goto(`${localePrefix}${path}`)
  await expect(page.getByTestId(`${game}.connection`)).toHaveAttribute('data-status', 'online', {
    timeout: FIRST_CONNECTION_MS,
  })
}

/**
 * Reloads a game's page and waits, as {@link openGame} does, until its socket is online again: a
 * reload is a first load (the entry script, the renderer's start, the handshake), not a step
 * within the page, so what the test checks next is on a page that has booted.
 */
export async function reloadGame(page: Page, game: string): Promise<void> {
  await page.reload()
  await expect(page.getByTestId(`${game}.connection`)).toHaveAttribute('data-status', 'online', {
    timeout: FIRST_CONNECTION_MS,
  })
}
