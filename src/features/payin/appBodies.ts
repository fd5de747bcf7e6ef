/**
 * The PayIn and SuccessPayment bodies wired to the app's API client: loaded lazily with their
 * modal (src/features/payin/index.ts), so the deposit forms stay off the first load.
 */
import { appApi } from '../session/api'
import { payInActor } from './controller'
import { appPayInMachine } from './machine'
import { createPayInBody } from './PayInBody'

/** The PayIn body of the app. */
export const AppPayInBody = createPayInBody(() => payInActor(appPayInMachine(appApi())))
export { SuccessPaymentBody } from './SuccessPaymentBody'
