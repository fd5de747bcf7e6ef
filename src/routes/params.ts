import { z } from 'zod/mini'
import { PARAM_PATTERNS, paramNames, type ParamName } from './table'

/**
 * The zod schema of a path's params, built from the table's regexes so the client, the server
 * (dist/routes.json) and these checks share one definition.
 */
export function paramsSchema(path: string): z.ZodMiniType<Record<string, string>> {
  const shape: Record<string, z.ZodMiniString> = {}
  for (const name of paramNames(path)) {
    const pattern = PARAM_PATTERNS[name as ParamName]
    if (!pattern) throw new Error(`[routes] no pattern for param "${name}" in ${path}`)
    shape[name] = z.string().check(z.regex(new RegExp(pattern)))
  }
  return z.object(shape)
}

/** Marker carried by the not-found error of a failed param validation ("Page Not Found"). */
export const INVALID_PARAMS = 'invalid-params'

/** Whether a not-found error's data says the path matched but its params did not validate. */
export function isInvalidParams(data: unknown): boolean {
  return z.object({ reason: z.literal(INVALID_PARAMS) }).safeParse(data).success
}

/** The `errorCode` query of /error: a positive integer, anything else means "generic". */
export function parseErrorCode(value: unknown): number | undefined {
  const parsed = z.coerce.number().check(z.int(), z.minimum(100), z.maximum(599)).safeParse(value)
  return parsed.success ? parsed.data : undefined
}
