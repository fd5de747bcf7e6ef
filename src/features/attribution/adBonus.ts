/**
 * The ad bonus of POST /middleware/utm (SPEC.md sections 3 and 7): kept in the `adBonusType`,
 * `adBonusValue` and `adBonusModal` cookies for 10 minutes, and told to the player once in a
 * modal. `adBonusModal` is `pending` until the player closes it, so a reload within the ten
 * minutes shows it again and a closed one stays closed.
 */
import { create } from 'zustand'

import type { UtmResponse } from '../../../contract'
import { readCookie, writeCookie } from './cookieTable'

/** An ad bonus as the middleware answers it. */
export type AdBonus = NonNullable<UtmResponse['promo']>

/** `adBonusModal` while the player has not closed the ad-bonus modal yet. */
export const AD_BONUS_MODAL_PENDING = 'pending'
/** `adBonusModal` once the player has closed the modal. */
export const AD_BONUS_MODAL_SEEN = 'seen'

interface AdBonusState {
  /** The bonus the modal shows; null when closed. */
  bonus: AdBonus | null
  show: (bonus: AdBonus) => void
  dismiss: () => void
}

/** The ad-bonus modal's state. */
export const useAdBonus = create<AdBonusState>()((set) => ({
  bonus: null,
  show: (bonus) => set({ bonus }),
  dismiss: () => {
    writeCookie('adBonusModal', AD_BONUS_MODAL_SEEN)
    set({ bonus: null })
  },
}))

/** Shows a pending ad bonus kept in the cookies (a reload within its 10 minutes). */
export function resumeAdBonus(): void {
  const type = readCookie('adBonusType')
  const value = readCookie('adBonusValue')
  if (type && value && readCookie('adBonusModal') === AD_BONUS_MODAL_PENDING) {
    useAdBonus.getState().show({ type, value })
  }
}
