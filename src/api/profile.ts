/**
 * The signed-in player's calls of SPEC.md section 7: profile, settings, passwords, free spins,
 * VIP and attribution.
 */
import type { z } from 'zod/mini'

import type { ApiClient, CallOptions } from './client'
import {
  freeSpinsCampaignResponse,
  freeSpinsResponse,
  profileHistoryResponse,
  profileSessionsResponse,
  profileSettingsResponse,
  profileUserResponse,
  successResponse,
  type AttachSourceRequest,
  type FreeSpinsResponse,
  type PasswordSetRequest,
  type PasswordUpdateRequest,
  type ProfileHistoryQuery,
  type ProfileHistoryResponse,
  type ProfileSessionsResponse,
  type ProfileSettingsRequest,
  type ProfileSettingsResponse,
  type ProfileUserResponse,
  type SuccessResponse,
  type vipJoinRequest,
} from '../../contract'

/** The profile endpoints, bound to one client. Every call takes optional {@link CallOptions}. */
export function profileEndpoints(client: ApiClient) {
  return {
    /**
     * GET /profile/user. `whoAreYou` is the saved super_bonus cookie; the answer's
     * `fresh_token` replaces the session token when set.
     */
    user: (query: { whoAreYou?: string } = {}, o?: CallOptions): Promise<ProfileUserResponse> =>
      client.call({
        method: 'get',
        path: 'profile/user',
        schema: profileUserResponse,
        query: { whoAreYou: query.whoAreYou },
        ...o,
      }),
    /** PUT /profile/settings with exactly one setting. */
    updateSettings: (
      body: ProfileSettingsRequest,
      o?: CallOptions,
    ): Promise<ProfileSettingsResponse> =>
      client.call({
        method: 'put',
        path: 'profile/settings',
        schema: profileSettingsResponse,
        json: body,
        ...o,
      }),
    /**
     * POST /password/update. A 422 names old_password, password or password_confirm; the form
     * reads them with `fieldErrors` (pass `notify: false` to show them only inline).
     */
    updatePassword: (body: PasswordUpdateRequest, o?: CallOptions): Promise<SuccessResponse> =>
      client.call({
        method: 'post',
        path: 'password/update',
        schema: successResponse,
        json: body,
        ...o,
      }),
    /** POST /api/v2/auth/password/set, for an account created without a password. */
    setPassword: (body: PasswordSetRequest, o?: CallOptions): Promise<SuccessResponse> =>
      client.call({
        method: 'post',
        path: 'api/v2/auth/password/set',
        schema: successResponse,
        json: body,
        ...o,
      }),
    /** GET /profile/sessions: the player's live sessions, the current one marked. */
    sessions: (o?: CallOptions): Promise<ProfileSessionsResponse> =>
      client.call({
        method: 'get',
        path: 'profile/sessions',
        schema: profileSessionsResponse,
        ...o,
      }),
    /** DELETE /profile/sessions/{id}: ends another session of the player (not the current one). */
    revokeSession: (id: number, o?: CallOptions): Promise<SuccessResponse> =>
      client.call({
        method: 'delete',
        path: `profile/sessions/${positiveId(id)}`,
        schema: successResponse,
        ...o,
      }),
    /** GET /profile/history: one keyset page of bets or deposits, newest first. */
    history: (query: ProfileHistoryQuery, o?: CallOptions): Promise<ProfileHistoryResponse> =>
      client.call({
        method: 'get',
        path: 'profile/history',
        schema: profileHistoryResponse,
        query: { kind: query.kind, cursor: query.cursor, limit: query.limit },
        ...o,
      }),
    /** GET /profile/freeSpins. */
    freeSpins: (o?: CallOptions): Promise<FreeSpinsResponse> =>
      client.call({ method: 'get', path: 'profile/freeSpins', schema: freeSpinsResponse, ...o }),
    /** GET /api/freeSpinsCampaigns/{id}. */
    freeSpinsCampaign: (id: number, o?: CallOptions) =>
      client.call({
        method: 'get',
        path: `api/freeSpinsCampaigns/${positiveId(id)}`,
        schema: freeSpinsCampaignResponse,
        ...o,
      }),
    /** PUT /api/v2/freeSpinsCampaigns/cancel/{id}. */
    cancelFreeSpinsCampaign: (id: number, o?: CallOptions): Promise<SuccessResponse> =>
      client.call({
        method: 'put',
        path: `api/v2/freeSpinsCampaigns/cancel/${positiveId(id)}`,
        schema: successResponse,
        json: {},
        ...o,
      }),
    /** POST api/v2/vip/join. */
    joinVip: (body: z.input<typeof vipJoinRequest>, o?: CallOptions): Promise<SuccessResponse> =>
      client.call({
        method: 'post',
        path: 'api/v2/vip/join',
        schema: successResponse,
        json: body,
        ...o,
      }),
    /**
     * POST attachSource: the attribution cookies, null when absent. Never notifies (SPEC.md
     * section 8); the caller ignores a rejection.
     */
    attachSource: (body: AttachSourceRequest, o?: CallOptions): Promise<SuccessResponse> =>
      client.call({
        method: 'post',
        path: 'attachSource',
        schema: successResponse,
        json: body,
        notify: false,
        ...o,
      }),
  }
}

/** The profile endpoints' type, for flows that receive them as a dependency. */
export type ProfileEndpoints = ReturnType<typeof profileEndpoints>

/** A path id; anything else is a caller bug, not something to send. */
export function positiveId(id: number): number {
  if (!Number.isSafeInteger(id) || id <= 0) throw new Error(`[Api] invalid id ${String(id)}`)
  return id
}
