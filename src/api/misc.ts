/**
 * Geo, mirror, middleware (attribution) and app-version calls (SPEC.md section 7). All of them
 * run in the background, so none notifies by default (SPEC.md section 8: their failures are
 * logged or swallowed, never shown); callers pass `notify: true` to change that.
 */
import { z } from 'zod/mini'

import type { ApiClient, CallOptions } from './client'
import { hasStatus } from './errors'
import {
  affiliateResponse,
  clientConfigResponse,
  type ClientConfigResponse,
  geoResponse,
  latestBuildResponse,
  middlewareIpResponse,
  mirrorListResponse,
  mirrorRedirectResponse,
  mirrorResponse,
  sandboxKycResponse,
  SERVED_CONFIG_ELEMENT_ID,
  successResponse,
  utmResponse,
  type GeoResponse,
  type LatestBuildResponse,
  type MiddlewareIpResponse,
  type MirrorResponse,
  type SandboxKycRequest,
  type SandboxKycResponse,
  type SuccessResponse,
  type UtmResponse,
  type mirrorDomainRequest,
  type middlewareIpRequest,
  type queryMap,
  type registerPageOpenEventRequest,
} from '../../contract'

/** The geo answer: where the visitor is, or that their country is blocked (451). */
export type GeoResult =
  { readonly type: 'allowed'; readonly geo: GeoResponse } | { readonly type: 'blocked' }

/**
 * The GET /config answer the reference server wrote into the page (`<script type=
 * "application/json" id="client-config">`), parsed like the call's; undefined where the page
 * has none (another server served it) or what it has does not parse.
 */
export function servedClientConfig(doc: Pick<Document, 'getElementById'>) {
  const text = doc.getElementById(SERVED_CONFIG_ELEMENT_ID)?.textContent
  if (!text) return undefined
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    return undefined
  }
  const parsed = z.safeParse(clientConfigResponse, raw)
  return parsed.success ? parsed.data : undefined
}

/** HTTP status the geo call answers for a blocked country. */
export const GEO_BLOCKED_STATUS = 451

/** The misc endpoints, bound to one client. Every call takes optional {@link CallOptions}. */
export function miscEndpoints(client: ApiClient) {
  const silentPost = <S extends z.core.$ZodType>(
    path: string,
    schema: S,
    json: unknown,
    o?: CallOptions,
  ) => client.call({ method: 'post', path, schema, json, notify: false, ...o })

  return {
    /** GET /geo_ip. A blocked country is a result (the shell routes to /no-access), not a throw. */
    geo: async (o?: CallOptions): Promise<GeoResult> => {
      try {
        const geo = await client.call({
          method: 'get',
          path: 'geo_ip',
          schema: geoResponse,
          notify: false,
          ...o,
        })
        return { type: 'allowed', geo }
      } catch (error) {
        if (hasStatus(error, GEO_BLOCKED_STATUS)) return { type: 'blocked' }
        throw error
      }
    },
    /** GET /config: this deployment's mode (sandbox or production) and game service URLs. */
    clientConfig: (o?: CallOptions): Promise<ClientConfigResponse> =>
      client.call({
        method: 'get',
        path: 'config',
        schema: clientConfigResponse,
        notify: false,
        ...o,
      }),
    /**
     * POST /sandbox/kyc (sandbox mode only, signed in): move the player's KYC review, e.g.
     * `{ status: 'next' }`. Production servers have no such route (404).
     */
    sandboxKyc: (body: SandboxKycRequest, o?: CallOptions): Promise<SandboxKycResponse> =>
      silentPost('sandbox/kyc', sandboxKycResponse, body, o),
    /** GET /mirror: `redirect.newLink` asks for a 301 to that origin. */
    mirror: (o?: CallOptions): Promise<MirrorResponse> =>
      client.call({ method: 'get', path: 'mirror', schema: mirrorResponse, notify: false, ...o }),
    /** POST /middleware/mirrorRedirect: where this domain should send players. */
    mirrorRedirect: (body: z.input<typeof mirrorDomainRequest>, o?: CallOptions) =>
      silentPost('middleware/mirrorRedirect', mirrorRedirectResponse, body, o),
    /** POST /middleware/mirror: the mirrors known for this domain's site. */
    mirrors: (body: z.input<typeof mirrorDomainRequest>, o?: CallOptions) =>
      silentPost('middleware/mirror', mirrorListResponse, body, o),
    /** POST /middleware/affiliate with the page query. */
    affiliate: (query: z.input<typeof queryMap>, o?: CallOptions) =>
      silentPost('middleware/affiliate', affiliateResponse, { query }, o),
    /** POST middleware/ip; answers the address the server saw. The caller ignores failures. */
    reportIp: (
      body: z.input<typeof middlewareIpRequest>,
      o?: CallOptions,
    ): Promise<MiddlewareIpResponse> => silentPost('middleware/ip', middlewareIpResponse, body, o),
    /** POST middleware/registerPageOpenEvent, sent when the URL has `subH`. */
    registerPageOpen: (
      body: z.input<typeof registerPageOpenEventRequest>,
      o?: CallOptions,
    ): Promise<SuccessResponse> =>
      silentPost('middleware/registerPageOpenEvent', successResponse, body, o),
    /** POST /middleware/utm with the whole query: an advertising id and maybe an ad bonus. */
    utm: (query: z.input<typeof queryMap>, o?: CallOptions): Promise<UtmResponse> =>
      silentPost('middleware/utm', utmResponse, query, o),
    /**
     * GET builds/latest.json?t={now}, from the site root (`siteOrigin`), not the API: it is
     * the deployed client's own file. `now` defeats caches; the caller passes its clock.
     */
    latestBuild: (siteOrigin: string, now: number, o?: CallOptions): Promise<LatestBuildResponse> =>
      client.call({
        method: 'get',
        path: 'builds/latest.json',
        baseUrl: siteOrigin,
        schema: latestBuildResponse,
        query: { t: now },
        notify: false,
        ...o,
      }),
  }
}

/** The misc endpoints' type, for features that receive them as a dependency. */
export type MiscEndpoints = ReturnType<typeof miscEndpoints>
