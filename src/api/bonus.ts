/** Bonus-system and welcome-pack calls (SPEC.md section 7). */
import type { ApiClient, CallOptions } from './client'
import {
  bonusResponse,
  waitingBonusResponse,
  welcomePacksResponse,
  type BonusResponse,
  type WaitingBonusResponse,
  type WelcomePacksResponse,
} from '../../contract'

/** The bonus endpoints, bound to one client. Every call takes optional {@link CallOptions}. */
export function bonusEndpoints(client: ApiClient) {
  return {
    /** GET /bonus-system/bonus-activation/waiting-reg-and-dep: the bonus awaiting a deposit. */
    waitingForDeposit: (o?: CallOptions): Promise<WaitingBonusResponse> =>
      client.call({
        method: 'get',
        path: 'bonus-system/bonus-activation/waiting-reg-and-dep',
        schema: waitingBonusResponse,
        ...o,
      }),
    /**
     * GET /bonus-system/bonus/{promo}. Silent by default: a failed promo fetch clears the promo
     * cookie and strips it from the URL (SPEC.md section 8) rather than alarming the visitor.
     */
    promo: (promo: string, o?: CallOptions): Promise<BonusResponse> =>
      client.call({
        method: 'get',
        path: `bonus-system/bonus/${encodeURIComponent(promo)}`,
        schema: bonusResponse,
        notify: false,
        ...o,
      }),
    /** GET /api/v3/welcome-pack/get-welcome-packs-guest. */
    welcomePacksForGuest: (o?: CallOptions): Promise<WelcomePacksResponse> =>
      client.call({
        method: 'get',
        path: 'api/v3/welcome-pack/get-welcome-packs-guest',
        schema: welcomePacksResponse,
        ...o,
      }),
  }
}

/** The bonus endpoints' type, for flows that receive them as a dependency. */
export type BonusEndpoints = ReturnType<typeof bonusEndpoints>
