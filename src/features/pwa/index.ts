/**
 * The installable app (SPEC sections 2 and 4): the web manifest and `/sw.js` (scripts/vite/pwa.ts,
 * `sw.ts`), the install banner, the offline notice, the service worker's update check and the
 * background sync of mirror data. The shell uses it through this index.
 */
export { applyUpdate, registerServiceWorkerLater, startPwa } from './start'
export { PwaNotices } from './PwaNotices'
