import { useEffect } from 'react'
import { soundPlayer, type SoundPlayer } from './soundPlayer'

/**
 * The page's sound player, armed (listening for the first gesture) once a game is on screen:
 * `play('win')`, or `play(effect)` with a game's own `SoundEffect`.
 */
export function useGameSound(): SoundPlayer['play'] {
  useEffect(() => soundPlayer().arm(), [])
  return soundPlayer().play
}
