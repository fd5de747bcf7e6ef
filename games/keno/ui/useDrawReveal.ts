import { useEffect, useRef, useState } from 'react'
import { REDUCED_MOTION_QUERY } from '../../engine/canvas/platform'

/**
 * How long each drawn number takes to arrive. Ten of them take the instant round's reveal
 * (`REVEAL_MS`, 600 ms), so the round settles as the last tile lights.
 */
export const DRAW_MS = 60

const reducedMotion = () =>
  typeof matchMedia === 'function' && matchMedia(REDUCED_MOTION_QUERY).matches

/**
 * How many numbers of bet `betId`'s draw of `count` are shown: they arrive one every
 * {@link DRAW_MS}, or all at once with instant play, when the player asks for reduced motion, and
 * for a bet that comes while the last draw would still be arriving (an auto-bet run, fast repeat
 * play: as the round machine skips the rest of a reveal). The scene and the pay table both
 * follow this count.
 */
export function useDrawReveal(betId: string | null, count: number, instant: boolean): number {
  const [shown, setShown] = useState<{ betId: string | null; revealed: number }>({
    betId: null,
    revealed: 0,
  })
  /** The last bet and when it came (`performance.now()`), to tell one that follows too closely. */
  const lastBet = useRef<{ id: string; at: number } | null>(null)
  const still = instant || reducedMotion()
  useEffect(() => {
    if (betId === null) return
    // The same bet again is this effect run anew (its deps, StrictMode), not a bet that followed.
    const previous = lastBet.current
    const now = performance.now()
    if (previous?.id !== betId) lastBet.current = { id: betId, at: now }
    const quick = previous !== null && previous.id !== betId && now - previous.at < count * DRAW_MS
    if (still || quick) {
      setShown({ betId, revealed: count })
      return
    }
    let n = 0
    const timer = setInterval(() => {
      n += 1
      setShown({ betId, revealed: n })
      if (n >= count) clearInterval(timer)
    }, DRAW_MS)
    return () => clearInterval(timer)
  }, [betId, count, still])
  if (betId === null) return 0
  if (still) return count
  return shown.betId === betId ? shown.revealed : 0
}
