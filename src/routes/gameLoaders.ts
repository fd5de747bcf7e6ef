import type { ComponentType } from 'react'
import type { InstantGameId, StatefulGameId } from '../../games/registry'
import type { InstantGameShellProps } from '../pages/InstantGamePage'
import type { StatefulGameShellProps } from '../pages/StatefulGamePage'

/**
 * The code of each instant game of the registry, loaded with its route (one `import()` line per
 * game: the bundler needs the literal path to split the game into its own chunk). The route
 * table preloads the same module (`games/<id>/index.ts`). TypeScript fails here when a
 * registered instant game has no loader.
 */
export const INSTANT_GAME_LOADERS: Record<
  InstantGameId,
  () => Promise<ComponentType<InstantGameShellProps>>
> = {
  dice: () => import('../../games/dice').then((m) => m.DiceGame),
  roulette: () => import('../../games/roulette').then((m) => m.RouletteGame),
  keno: () => import('../../games/keno').then((m) => m.KenoGame),
  cases: () => import('../../games/cases').then((m) => m.CasesCatalogueGame),
}

/**
 * The code of each stateful game of the registry (miner, hilo, coinflip), likewise: one line per
 * game once it is registered (`miner: () => import('../../games/miner').then((m) => m.MinerGame)`);
 * TypeScript fails here when a registered stateful game has none.
 */
export const STATEFUL_GAME_LOADERS: Record<
  StatefulGameId,
  () => Promise<ComponentType<StatefulGameShellProps>>
> = {
  miner: () => import('../../games/miner').then((m) => m.MinerGame),
  hilo: () => import('../../games/hilo').then((m) => m.HiloGame),
  coinflip: () => import('../../games/coinflip').then((m) => m.CoinflipGame),
}
