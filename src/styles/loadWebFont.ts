/**
 * Asks for Inter's stylesheet once the page's first contentful paint is on screen, so the first
 * load spends its bandwidth on what that paint needs. Until then (and on a slow first visit, for
 * the whole page: `font-display: optional`) the metric-matched fallback faces of
 * fontFallbacks.css draw the text in the same room. A browser without paint timing asks for it
 * when the page has loaded; a tab that stays hidden never paints, so it asks when shown.
 */
export function loadWebFont(): void {
  let asked = false
  const ask = () => {
    if (asked) return
    asked = true
    void import('./webFont')
  }
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    if (document.readyState === 'complete') ask()
    else window.addEventListener('load', ask, { once: true })
    return
  }
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return
    observer.disconnect()
    ask()
  })
  // `buffered`: a paint that came before this call is delivered too.
  observer.observe({ type: 'paint', buffered: true })
}
