import { firstContentfulPaint } from '../../games/engine/paint'

/**
 * Asks for Inter's stylesheet once the page's first contentful paint is on screen, so the first
 * load spends its bandwidth on what that paint needs. Until then (and on a slow first visit, for
 * the whole page: `font-display: optional`) the metric-matched fallback faces of
 * fontFallbacks.css draw the text in the same room.
 */
export function loadWebFont(): void {
  void firstContentfulPaint().then(() => import('./webFont'))
}
