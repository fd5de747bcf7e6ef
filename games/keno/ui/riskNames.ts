import type { KenoRisk } from '../rules'

/** Each risk's name, a literal key per risk so the locales test sees every one used. */
export const RISK_NAMES: Readonly<Record<KenoRisk, string>> = {
  classic: 'keno:risk.classic',
  low: 'keno:risk.low',
  medium: 'keno:risk.medium',
  high: 'keno:risk.high',
}
