import { useEffect, useState } from 'react'
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
 * {@link DRAW_MS}, or all at once with `skip` (instant play, an auto-bet run) or when the player
 * asks for reduced motion. The scene and the pay table both follow this count.
 */
export function useDrawReveal(betId: string | null, count: number, skip: boolean): number {
  const [shown, setShown] = useState<{ betId: string | null; revealed: number }>({
    betId: null,
    revealed: 0,
  })
  const all = skip || reducedMotion()
  useEffect(() => {
    if (betId === null || all) return
    let n = 0
    const timer = setInterval(() => {
      n += 1
      setShown({ betId, revealed: n })
      if (n >= count) clearInterval(timer)
    }, DRAW_MS)
    return () => clearInterval(timer)
  }, [betId, count, all])
  if (betId === null) return 0
  if (all) return count
  return shown.betId === betId ? shown.revealed : 0
}
