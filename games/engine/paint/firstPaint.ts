/**
 * The page's first contentful paint, as a promise: work that the first paint does not need (a
 * renderer's code, web fonts) waits for it, so a slow phone spends its first seconds on what it
 * shows first. Resolves at once once that paint has happened; a browser without paint timing
 * resolves when the page has loaded; a tab that stays hidden paints (and resolves) when shown.
 */
export function firstContentfulPaint(): Promise<void> {
  painted ??= new Promise<void>((resolve) => {
    if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
      if (document.readyState === 'complete') resolve()
      else window.addEventListener('load', () => resolve(), { once: true })
      return
    }
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return
      observer.disconnect()
      resolve()
    })
    // `buffered`: a paint that came before this call is delivered too.
    observer.observe({ type: 'paint', buffered: true })
  })
  return painted
}

let painted: Promise<void> | null = null
