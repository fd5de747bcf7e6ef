import { lazyComponent } from '../../ui/lazyComponent'

/**
 * `InstantLiveTables`, loaded when the page first draws them: the tables sit under the game,
 * below the first screen of a phone, and open their own socket, so their code loads after the
 * page's, not with it.
 */
export const LazyInstantLiveTables = lazyComponent(() =>
  import('./InstantLiveTables').then((m) => m.InstantLiveTables),
).Component
