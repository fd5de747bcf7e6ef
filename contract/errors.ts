import { z } from 'zod/mini'

/**
 * Error bodies as the client expects them (SPEC.md sections 5 and 8).
 *
 * - 422: `{ errors: { field: ['code: Human message', ...] } }`. Each message starts with a
 *   machine code before the first colon (the client translates `error.{code}` when it exists).
 *   Errors about the body as a whole use the field `_`.
 * - 403: `{ data: { error } }` (the client shows `profile.error.{error}`).
 * - every other 4xx/5xx: `{ data: { message, params } }` (the client translates `message` with
 *   `params`), e.g. 400 `balance_not_enough`, 401 `unauthenticated`, 404 `not_found`,
 *   409 `idempotency_key_reused`, 429 `too_many_requests`, 451 `region_blocked`.
 */
export const validationErrorBody = z.object({
  errors: z.record(z.string(), z.array(z.string())),
})
export type ValidationErrorBody = z.infer<typeof validationErrorBody>

/** 403 body. */
export const forbiddenErrorBody = z.object({ data: z.object({ error: z.string() }) })
export type ForbiddenErrorBody = z.infer<typeof forbiddenErrorBody>

/** Body of every other error status. */
export const messageErrorBody = z.object({
  data: z.object({
    message: z.string(),
    params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  }),
})
export type MessageErrorBody = z.infer<typeof messageErrorBody>

/** Machine codes the server puts in `data.message` (and before the colon of 422 messages). */
export const errorCodes = [
  'balance_not_enough',
  'unauthenticated',
  'session_expired',
  'not_found',
  'bad_request',
  'idempotency_key_reused',
  'idempotency_key_required',
  'too_many_requests',
  'region_blocked',
  'invalid_credentials',
  'invalid_code',
  'invalid_token',
  'already_taken',
  'already_verified',
  'password_mismatch',
  'password_exists',
  'no_password',
  'bonus_not_found',
  'bonus_expired',
  'invoice_expired',
  'method_not_found',
  'amount_out_of_range',
  'sandbox_only',
  'game_in_progress',
  'internal_error',
  'bot_check_required',
  'bot_check_failed',
  // The support chat's document checks (contract/support.ts).
  'support_file_type',
  'support_file_too_big',
] as const
export type ErrorCode = (typeof errorCodes)[number]
