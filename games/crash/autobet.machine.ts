/**
 * Crash's auto-bet: the kit's auto-bet machine (games/kit/autobet.machine.ts) with crash's one bet
 * parameter, the auto cash-out every bet of the run carries.
 */
import {
  autobetSettingsValid as kitSettingsValid,
  createAutobetMachine,
  type AutobetEmitted as KitEmitted,
  type AutobetSettings as KitSettings,
} from '../kit/autobet.machine'
import { MAX_AUTO_CASHOUT, MIN_AUTO_CASHOUT, type Multiplier } from './rules'

/** Crash's bet parameters: where each bet cashes out by itself (null: the player does it). */
export interface CrashBetParams {
  autoCashoutAt: Multiplier | null
}

/** A crash auto-bet run's settings. */
export type AutobetSettings = KitSettings<CrashBetParams>

/** A bet crash's auto-bet asks for. */
export type AutobetEmitted = KitEmitted<CrashBetParams>

/** Crash's bet parameters are valid: an auto cash-out within the rules' range, or none. */
export const crashBetParamsValid = ({ autoCashoutAt }: CrashBetParams) =>
  autoCashoutAt === null ||
  (Number.isInteger(autoCashoutAt) &&
    autoCashoutAt >= MIN_AUTO_CASHOUT &&
    autoCashoutAt <= MAX_AUTO_CASHOUT)

/** True when the settings can start a crash auto-bet run. */
export const autobetSettingsValid = (settings: AutobetSettings) =>
  kitSettingsValid(settings, crashBetParamsValid)

/** Crash's auto-bet machine. */
export const autobetMachine = createAutobetMachine<CrashBetParams>({
  id: 'crashAutobet',
  paramsValid: crashBetParamsValid,
})
