import { lazyRouteComponent, type RouteComponent } from '@tanstack/react-router'

/**
 * The profile pages by route id (src/routes/table.ts). They load when a player opens one, so the
 * lobby's first load does not carry them (`npm run bench -- bundle`).
 */
export const PROFILE_PAGES: Readonly<Record<string, RouteComponent>> = {
  profile: lazyRouteComponent(() => import('./ProfileMainPage'), 'ProfileMainPage'),
  profileAccess: lazyRouteComponent(() => import('./ProfileAccessPage'), 'ProfileAccessPage'),
  profileBonuses: lazyRouteComponent(() => import('./ProfileBonusesPage'), 'ProfileBonusesPage'),
  profileHistory: lazyRouteComponent(() => import('./ProfileHistoryPage'), 'ProfileHistoryPage'),
  profileSetting: lazyRouteComponent(() => import('./ProfileSettingPage'), 'ProfileSettingPage'),
}

/** The profile's layout (its sub-navigation and session gate), likewise loaded with its pages. */
export const ProfileLayoutLazy: RouteComponent = lazyRouteComponent(
  () => import('../ProfileLayout'),
  'ProfileLayout',
)

/** The page of a profile route; a route id without one is a table/tree mismatch (a bug). */
export function profilePage(id: string): RouteComponent {
  const page = PROFILE_PAGES[id]
  if (!page) throw new Error(`[routes] no profile page for route "${id}"`)
  return page
}
