import { z } from 'zod'

/**
 * A comma-separated environment variable as a list: items trimmed, empty ones dropped, unset read
 * as empty. Shared by the settings of `config.ts` and of the features it composes (geo), which
 * cannot import it from `config.ts` without an import cycle.
 */
export const csv = z
  .string()
  .optional()
  .transform((s) =>
    (s ?? '')
      .split(',')
      .map((x) => x.trim())
      .filter((x) => x !== ''),
  )
