import type { Page } from '@playwright/test'

/**
 * How many square CSS pixels of `game`'s canvas its tools (sound, statistics, full screen) cover:
 * 0 when they sit beside it, as they must on a phone, where the canvas's corners are part of
 * what the scene shows (crash's curve, the case strip).
 */
export async function toolsOverCanvas(page: Page, game: string): Promise<number> {
  const area = page.getByTestId(`${game}.area`)
  const canvas = await area.locator('.game__canvas').boundingBox()
  const tools = await area.getByRole('toolbar').boundingBox()
  if (!canvas || !tools) throw new Error(`[toolsOverCanvas] ${game}: no canvas or no tools`)
  const width =
    Math.min(canvas.x + canvas.width, tools.x + tools.width) - Math.max(canvas.x, tools.x)
  const height =
    Math.min(canvas.y + canvas.height, tools.y + tools.height) - Math.max(canvas.y, tools.y)
  return Math.max(0, width) * Math.max(0, height)
}

/**
 * Sets the window to `width` (a phone's 812 px tall below 600) and waits until the page itself
 * lays out at it: the resize reaches the page a moment after `setViewportSize` returns, and a
 * measure taken in between read the old width's layout (the tools over the canvas's corner,
 * where they sit from 900 px).
 */
export async function resizeTo(page: Page, width: number): Promise<void> {
  await page.setViewportSize({ width, height: width < 600 ? 812 : 900 })
  await page.waitForFunction((w) => window.innerWidth === w, width)
}
