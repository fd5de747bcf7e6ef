import { lazyComponent } from '../ui/lazyComponent'

/**
 * The seeds dialog, loaded when a player first opens it; nothing shows while it loads. The dialog
 * (and the hashing it shows) is opened by few players and never before a click: it loads then,
 * not with every game page.
 */
export const LazySeedsDialog = lazyComponent(() =>
  import('./SeedsDialog').then((m) => m.SeedsDialog),
).Component
