/**
 * Expected failures of an API call, as one typed error the shell and the flows can switch on.
 * Bugs (a response that does not match the contract, a misuse of the client) are plain
 * `Error('[Api] ...')` instead, so they are never mistaken for something to show the player.
 */
import { isHTTPError, isTimeoutError } from 'ky'

import { validationErrorBody } from '../../contract'

/** The four transport failures of SPEC.md section 8. */
export type TransportReason = 'aborted' | 'network' | 'timeout' | 'unsupported-protocol'

/** Why a call failed, discriminated on `type`. */
export type ApiFailure =
  /** The server answered with a non-2xx status; `body` is the parsed JSON, else the text. */
  | { readonly type: 'http'; readonly status: number; readonly body: unknown }
  /** No usable answer arrived. `timeoutMs` is set for `timeout`. */
  | { readonly type: 'transport'; readonly reason: TransportReason; readonly timeoutMs?: number }
  /** The token could not be refreshed; the user has been logged out already. */
  | { readonly type: 'session-ended' }

/** Where a failed call went, for logs and for the parse-error message. */
export interface CallTarget {
  readonly method: string
  readonly path: string
}

/** A call that failed in an expected way (HTTP error, transport failure, ended session). */
export class ApiError extends Error {
  override readonly name = 'ApiError'

  constructor(
    readonly failure: ApiFailure,
    readonly target: CallTarget,
    options?: { cause?: unknown },
  ) {
    super(`${target.method.toUpperCase()} ${target.path}: ${describe(failure)}`, options)
  }

  /** The HTTP status, or undefined when no response arrived. */
  get status(): number | undefined {
    return this.failure.type === 'http' ? this.failure.status : undefined
  }
}

/** Narrows an unknown rejection to an {@link ApiError}. */
export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError
}

/** True when `error` is an {@link ApiError} for an HTTP answer with this status. */
export function hasStatus(error: unknown, status: number): error is ApiError {
  return isApiError(error) && error.status === status
}

/**
 * The field → messages map of a 422 answer, or an empty object, so a form can show its own field
 * errors next to the inputs (messages keep their `code: text` form; see `translateMessage`).
 */
export function fieldErrors(error: unknown): Record<string, string[]> {
  if (!isApiError(error) || error.failure.type !== 'http') return {}
  const parsed = validationErrorBody.safeParse(error.failure.body)
  return parsed.success ? parsed.data.errors : {}
}

/**
 * Turns whatever ky or fetch threw into an {@link ApiFailure}, or undefined when the thing
 * thrown is not a failure we expect (a bug, which the caller rethrows unchanged).
 */
export async function failureOf(
  error: unknown,
  context: { timeoutMs: number },
): Promise<ApiFailure | undefined> {
  if (isHTTPError(error)) {
    return { type: 'http', status: error.response.status, body: await readBody(error.response) }
  }
  if (isTimeoutError(error)) {
    return { type: 'transport', reason: 'timeout', timeoutMs: context.timeoutMs }
  }
  if (isAbort(error)) return { type: 'transport', reason: 'aborted' }
  // fetch rejects with a TypeError for DNS, TLS, CORS and connection failures alike.
  if (error instanceof TypeError) return { type: 'transport', reason: 'network' }
  return undefined
}

/** Reads an error body once: JSON when it parses, else the text, else undefined. */
export async function readBody(response: Response): Promise<unknown> {
  let text: string
  try {
    text = await response.text()
  } catch {
    return undefined
  }
  if (text === '') return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

/**
 * An abort by its name, not its class: the reason an AbortSignal carries may come from another
 * realm (an iframe's or the runtime's own AbortController, as under the unit tests' VM pool),
 * where `instanceof DOMException` is false for a real abort.
 */
function isAbort(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { name?: unknown }).name === 'AbortError'
  )
}

function describe(failure: ApiFailure): string {
  switch (failure.type) {
    case 'http':
      return `HTTP ${failure.status}`
    case 'transport':
      return failure.reason
    case 'session-ended':
      return 'session ended'
    default: {
      const unknown: never = failure
      throw new Error(`[Api] unknown failure ${JSON.stringify(unknown)}`)
    }
  }
}
