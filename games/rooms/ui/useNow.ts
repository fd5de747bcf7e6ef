import { useEffect, useState } from 'react'

/**
 * The local (`performance`) clock for a countdown on the page, read again every second while
 * `ticking` (and at once when it starts, so a countdown never shows a stale time).
 */
export function useNow(ticking: boolean): number {
  const [now, setNow] = useState(() => performance.now())
  useEffect(() => {
    if (!ticking) return
    const tick = () => setNow(performance.now())
    const first = setTimeout(tick, 0)
    const timer = setInterval(tick, 1000)
    return () => {
      clearTimeout(first)
      clearInterval(timer)
    }
  }, [ticking])
  return now
}
