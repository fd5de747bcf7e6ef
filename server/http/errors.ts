import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { ErrorCode, MessageErrorBody, ValidationErrorBody } from '../../contract'
import { LedgerError } from '../ledger/errors'

/** An expected failure with the exact status and body the client understands. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    /** Headers the answer carries besides the usual ones (e.g. `retry-after`). */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(`[http] ${status} ${JSON.stringify(body)}`)
    this.name = 'HttpError'
  }
}

type Params = MessageErrorBody['data']['params']

/** `{ data: { message, params } }` with any status but 403 and 422. */
export function messageError(status: number, message: ErrorCode, params: Params = {}): HttpError {
  return new HttpError(status, { data: { message, params } } satisfies MessageErrorBody)
}

/** 422 for one field: the message reads `code: text` (the client translates `error.{code}`). */
export function fieldError(field: string, code: ErrorCode | string, text: string): HttpError {
  return new HttpError(422, {
    errors: { [field]: [`${code}: ${text}`] },
  } satisfies ValidationErrorBody)
}

/**
 * 429 `too_many_requests` with the seconds to wait, in `params.retry_after` (what the client
 * reads) and in the `Retry-After` header, as the per-address rate limit answers.
 */
export function tooManyRequests(retryAfterS: number): HttpError {
  const wait = Math.max(1, Math.ceil(retryAfterS))
  return new HttpError(
    429,
    {
      data: { message: 'too_many_requests', params: { retry_after: wait } },
    } satisfies MessageErrorBody,
    { 'retry-after': String(wait) },
  )
}

/** 403 `{ data: { error } }`. */
export function forbidden(error: string): HttpError {
  return new HttpError(403, { data: { error } })
}

/** 401 for a missing, unknown, ended or timed-out session. */
export function unauthenticated(reason: 'unauthenticated' | 'session_expired' = 'unauthenticated') {
  return messageError(401, reason)
}

function issueCode(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type' && /received undefined/.test(issue.message)) return 'required'
  if (issue.code === 'invalid_format' || issue.code === 'invalid_union') return 'invalid'
  return issue.code
}

/**
 * Turns zod issues into the 422 map: field path → `code: message` lines. Takes the core error
 * type, which both classic's `ZodError` and the `$ZodError` thrown by a zod/mini schema's `parse`
 * (the shared protocols) are.
 */
export function zodToErrors(err: z.core.$ZodError, renames: Record<string, string> = {}) {
  const errors: Record<string, string[]> = {}
  for (const issue of err.issues) {
    const path = issue.path.map(String).join('.') || '_'
    const field = renames[path] ?? path
    const message =
      issue.code === 'invalid_type' && issueCode(issue) === 'required'
        ? 'This field is required.'
        : issue.message
    ;(errors[field] ??= []).push(`${issueCode(issue)}: ${message}`)
  }
  return errors
}

/**
 * A PostgreSQL data exception (SQLSTATE class 22: NUL in text, a number past its column, a date
 * out of range): a value the database could not take as given. Both drivers' errors carry
 * `severity` and `code`.
 */
function isDataException(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false
  const { code, severity } = err as { code?: unknown; severity?: unknown }
  return typeof severity === 'string' && typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)
}

const ledgerStatus: Record<LedgerError['code'], number> = {
  balance_not_enough: 400,
  idempotency_key_reused: 409,
  hold_not_found: 404,
  hold_closed: 409,
  invalid_amount: 422,
  // Only instant bets raise it, and they draw again; it never reaches a reply.
  nonce_stale: 409,
}

/**
 * The one error handler: expected failures keep their status and body; fastify's own 4xx
 * (bad JSON, wrong content type, body too large) become `bad_request` bodies; a value the
 * database refused is a 400 (see below); anything else is a logged 500 that reveals nothing.
 */
export function errorHandler(err: FastifyError | Error, req: FastifyRequest, reply: FastifyReply) {
  if (err instanceof HttpError) return reply.status(err.status).headers(err.headers).send(err.body)
  // `$ZodError`, not classic's `ZodError`: a zod/mini schema's `parse` throws a core error that
  // is no classic `ZodError`, and it must be the same 422, not a 500.
  if (err instanceof z.core.$ZodError) return reply.status(422).send({ errors: zodToErrors(err) })
  if (err instanceof LedgerError) {
    const status = ledgerStatus[err.code]
    const body =
      status === 422
        ? { errors: { amount: [`${err.code}: ${err.message}`] } }
        : { data: { message: err.code, params: {} } }
    return reply.status(status).send(body)
  }
  const status = 'statusCode' in err && typeof err.statusCode === 'number' ? err.statusCode : 500
  if (status >= 400 && status < 500) {
    const message = status === 429 ? 'too_many_requests' : 'bad_request'
    return reply.status(status).send({
      data: { message, params: { reason: 'code' in err ? String(err.code) : err.message } },
    })
  }
  if (isDataException(err)) {
    // The net behind the wire rules (storable text, bounded ids and cursors): a request's value
    // the database cannot take is the request's fault, never a 500. Reaching it means a route
    // lacks a rule, so it is logged as an error to be fixed there.
    req.log.error({ err }, 'a request value reached the database unchecked: a wire rule is missing')
    return reply
      .status(400)
      .send({ data: { message: 'bad_request', params: { reason: 'invalid_value' } } })
  }
  req.log.error({ err }, 'unhandled error')
  return reply.status(500).send({ data: { message: 'internal_error', params: {} } })
}
