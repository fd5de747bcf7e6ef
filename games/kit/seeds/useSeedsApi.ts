import { useState } from 'react'
import type { GamePlayer } from '../ui/gameModule'
import { seedsApi, type SeedsApi } from './seedsApi'

/** The seed pair calls on a game's service for a player, made once; null for a guest. */
export function useSeedsApi(props: {
  player: GamePlayer | null
  serviceUrl: string
  getToken: () => string | null
}): SeedsApi | null {
  const [seeds] = useState(() => (props.player ? seedsApi(props.serviceUrl, props.getToken) : null))
  return seeds
}
