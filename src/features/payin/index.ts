/**
 * The deposit feature: the PayIn and SuccessPayment modal bodies (lazy) and the PayIn auto-open
 * rule. src/features/session/index.ts registers the bodies and starts the rule at start.
 */
import { lazy } from 'react'

/** The PayIn modal body. */
export const PayInBody = lazy(() =>
  import('./appBodies').then((m) => ({ default: m.AppPayInBody })),
)
/** The SuccessPayment modal body. */
export const SuccessPaymentBody = lazy(() =>
  import('./appBodies').then((m) => ({ default: m.SuccessPaymentBody })),
)
export { startAppPayInAutoOpen } from './autoOpen'
