import { create } from 'zustand'
import type { HostRouteRule, Region } from '../../contract'

/** Shell state from the start-up geo, mirror and host calls (src/features/geo). */
export interface GeoState {
  /** The visitor's region from GET /geo_ip (KZ or RU); null until it answers, or for bots. */
  region: Region | null
  /** The geo call answered 451: every page is /no-access. */
  blocked: boolean
  /** Route rules of this host (GET /host_config), the first match winning. */
  routeRules: readonly HostRouteRule[]
  /** Matched-host mode: Russian is shown in English. */
  enOnly: boolean
  /** The other mirrors of this site (POST /middleware/mirror). */
  mirrors: readonly string[]
  set: (patch: Partial<Omit<GeoState, 'set'>>) => void
}

/** The geo store: `useGeo.getState()` outside React. */
export const useGeo = create<GeoState>()((set) => ({
  region: null,
  blocked: false,
  routeRules: [],
  enOnly: false,
  mirrors: [],
  set: (patch) => set(patch),
}))
