import { z } from 'zod/mini'
import { currencySchema, type Currency, type Minor } from '../games/engine/money'

/**
 * Money in integer minor units (kopecks, cents, tiyn), and the currencies: one definition, in the
 * engine's money module, for the shell, the server and the games. The client divides by 100 only
 * to display.
 */
export type { Currency, Minor }
/** A user's id. */
export type UserId = number & { readonly __brand: 'UserId' }
/** A deposit invoice id. */
export type InvoiceId = string & { readonly __brand: 'InvoiceId' }

/**
 * What every text field of a request must be to be stored: no NUL (PostgreSQL text cannot hold
 * one) and no lone surrogate (half a UTF-16 pair: jsonb refuses it, UTF-8 cannot encode it).
 * Under the `u` flag a whole surrogate pair is one code point: a pair passes, a lone half is caught.
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly the character this refuses
export const STORABLE_TEXT = /^[^\u0000\uD800-\uDFFF]*$/u

/** The one wire rule for text: every request string of the contract carries this check. */
export const storable = () =>
  z.regex(
    STORABLE_TEXT,
    'The text holds a character that cannot be stored (NUL or half a surrogate pair).',
  )

/** A request's text field: storable, at most `max` characters, at least `min`. */
export function text(max: number, min = 0) {
  return min > 0
    ? z.string().check(z.minLength(min), z.maxLength(max), storable())
    : z.string().check(z.maxLength(max), storable())
}

/** Integer minor units, non-negative unless a field says otherwise. */
export const minor = z.pipe(
  z.int().check(z.nonnegative()),
  z.transform((n: number) => n as Minor),
)
/** A positive user id. */
export const userId = z.pipe(
  z.int().check(z.positive()),
  z.transform((n: number) => n as UserId),
)
/** An invoice id as issued by the server (a UUID). */
export const invoiceId = z.pipe(
  z.uuid(),
  z.transform((s: string) => s as InvoiceId),
)

/** Currencies of SPEC.md section 9; RUB is the default. */
export const currency = currencySchema

/** A SHA-256 digest in lower-case hex (a server seed's hash, a case table's hash). */
export const sha256Hex = z.string().check(z.regex(/^[0-9a-f]{64}$/))

/** Interface languages (SPEC.md section 1). */
export const locale = z.enum(['ru', 'en', 'kz'])
export type Locale = z.infer<typeof locale>

/** Region: KZ or RU (RU unless the country is KZ). */
export const region = z.enum(['RU', 'KZ'])
export type Region = z.infer<typeof region>

/** An e-mail address as accepted at registration and log-in (trimmed, lower-cased). */
export const email = z.pipe(
  z.string().check(z.trim(), z.toLowerCase(), z.maxLength(254), storable()),
  z.email({ error: 'The email must be a valid email address.' }),
)

/**
 * A phone number in international form: optional '+', 10 to 15 digits; spaces, dashes and
 * brackets typed through the client's masks are removed before the check.
 */
export const phone = z.pipe(
  z.pipe(
    z.pipe(
      z.string().check(z.maxLength(32), storable()),
      z.transform((s: string) => s.replace(/[\s()\-_]/g, '')),
    ),
    z.string().check(z.regex(/^\+?[0-9]{10,15}$/, 'The phone must be a valid phone number.')),
  ),
  z.transform((s: string) => (s.startsWith('+') ? s : `+${s}`)),
)

/** A password as chosen by the player. */
export const password = z
  .string()
  .check(
    z.minLength(8, 'The password must be at least 8 characters.'),
    z.maxLength(128, 'The password may not be greater than 128 characters.'),
    storable(),
  )

/** A one-time code sent by e-mail or SMS: 4 to 8 digits. */
export const otpCode = z
  .string()
  .check(z.trim(), z.regex(/^[0-9]{4,8}$/, 'The code must be 4 to 8 digits.'))

/** An opaque token (session, reset, social) as issued by the server. */
export const opaqueToken = text(512, 16)

/** `{ success: true }`, the body of calls that only acknowledge. */
export const successResponse = z.object({ success: z.literal(true) })
export type SuccessResponse = z.infer<typeof successResponse>

/** Header carrying the idempotency key of a money-moving request. */
export const IDEMPOTENCY_HEADER = 'idempotency-key'
/** An idempotency key: 8 to 128 characters of [A-Za-z0-9_-:.]. */
export const idempotencyKey = z.string().check(z.regex(/^[A-Za-z0-9_\-:.]{8,128}$/))
