import type { FastifyRequest } from 'fastify'
import type { z } from 'zod'
import { idempotencyKey, IDEMPOTENCY_HEADER } from '../../src/api/protocol'
import { HttpError, messageError, zodToErrors } from './errors'

/**
 * Parses a request body; an absent body counts as `{}` so "missing field" errors are precise
 * (a JSON `null` body stays null and is refused like any other non-object).
 */
export function parseBody<S extends z.ZodType>(
  schema: S,
  req: FastifyRequest,
  renames?: Record<string, string>,
): z.output<S> {
  const result = schema.safeParse(req.body === undefined ? {} : req.body)
  if (!result.success) throw new HttpError(422, { errors: zodToErrors(result.error, renames) })
  return result.data
}

/** Parses the query string (422 on failure). */
export function parseQuery<S extends z.ZodType>(schema: S, req: FastifyRequest): z.output<S> {
  const result = schema.safeParse(req.query ?? {})
  if (!result.success) throw new HttpError(422, { errors: zodToErrors(result.error) })
  return result.data
}

/** Parses path parameters; a malformed id names nothing that exists, so it is a 404. */
export function parseParams<S extends z.ZodType>(schema: S, req: FastifyRequest): z.output<S> {
  const result = schema.safeParse(req.params)
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
