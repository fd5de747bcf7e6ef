/**
 * The promo code of a visit (SPEC.md sections 2, 3 and 8): from `?promo=` or the `promo` cookie,
 * checked with GET /bonus-system/bonus/{promo}. A live code is kept in the cookie (3 days) and
 * fills the sign-up form's promo field; a code the server does not know, or one that has expired,
 * clears the cookie and is stripped from the URL, silently (section 8).
 *
 * The cookie is necessary, not marketing: the player followed or typed the code to get its bonus.
 */
import { create } from 'zustand'

import type { Api } from '../../api'
import { bonusPromoParams } from '../../../contract'
import { clearCookie, readCookie, writeCookie } from './cookieTable'

/** The promo code the sign-up form starts with; null when there is none or it failed. */
export const usePromo = create<{ code: string | null }>()(() => ({ code: null }))

/** What {@link checkPromo} needs; tests pass fakes. */
export interface PromoDeps {
  readonly api: { readonly bonus: Pick<Api['bonus'], 'promo'> }
  /** The page's query now. */
  readonly search: () => string
  /** Replaces the URL's query without a new history entry (the router's navigate). */
  readonly stripPromoFromUrl: () => void
}

const isPromoCode = (code: string) => bonusPromoParams.safeParse({ promo: code }).success

/**
 * Checks the visit's promo code: the query's, else the cookie's. Resolves with the live code, or
 * null after forgetting a failed one. Never rejects.
 */
export async function checkPromo(deps: PromoDeps): Promise<string | null> {
  const fromUrl = new URLSearchParams(deps.search()).get('promo')?.trim() || null
  const code = fromUrl ?? readCookie('promo')
  if (!code) return null
  usePromo.setState({ code })
  try {
    if (!isPromoCode(code)) throw new Error('[attribution] not a promo code')
    await deps.api.bonus.promo(code)
  } catch {
    clearCookie('promo')
    if (new URLSearchParams(deps.search()).has('promo')) deps.stripPromoFromUrl()
    // The player may have typed another code meanwhile: only the failed one is dropped.
    if (usePromo.getState().code === code) usePromo.setState({ code: null })
    return null
  }
  writeCookie('promo', code)
  return code
}
