import type { FastifyRequest } from 'fastify'
// Classic on purpose: its `z.safeParse` returns a classic ZodError (what zodToErrors takes) for
// any schema, the server's own classic ones and the shared zod/mini protocols alike.
import { z } from 'zod'
import { idempotencyKey, IDEMPOTENCY_HEADER } from '../../contract'
import { HttpError, messageError, zodToErrors } from './errors'

// The 422 texts are zod's English issue messages. Classic installs that locale only when its
// first schema is built, and the shared protocols are zod/mini, which never does; say it here so
// the texts do not depend on which module happens to build a classic schema first.
z.config(z.locales.en())

/**
 * Parses a request body; an absent body counts as `{}` so "missing field" errors are precise
 * (a JSON `null` body stays null and is refused like any other non-object).
 */
export function parseBody<S extends z.core.$ZodType>(
  schema: S,
  req: FastifyRequest,
  renames?: Record<string, string>,
): z.output<S> {
  const result = z.safeParse(schema, req.body === undefined ? {} : req.body)
  if (!result.success) throw new HttpError(422, { errors: zodToErrors(result.error, renames) })
  return result.data
}

/** Parses the query string (422 on failure). */
export function parseQuery<S extends z.core.$ZodType>(schema: S, req: FastifyRequest): z.output<S> {
  const result = z.safeParse(schema, req.query ?? {})
  if (!result.success) throw new HttpError(422, { errors: zodToErrors(result.error) })
  return result.data
}

/** Parses path parameters; a malformed id names nothing that exists, so it is a 404. */
export function parseParams<S extends z.core.$ZodType>(
  schema: S,
  req: FastifyRequest,
): z.output<S> {
  const result = z.safeParse(schema, req.params)
  if (!result.success) throw messageError(404, 'not_found', { path: req.url })
  return result.data
}

/** The `Idempotency-Key` header of a money-moving request (400 when missing or malformed). */
export function requireIdempotencyKey(req: FastifyRequest): string {
  const raw = req.headers[IDEMPOTENCY_HEADER]
  const parsed = idempotencyKey.safeParse(raw)
  if (!parsed.success) {
    throw messageError(400, 'idempotency_key_required', { header: 'Idempotency-Key' })
  }
  return parsed.data
}
