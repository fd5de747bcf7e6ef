/**
 * The fairness wire's shapes, apart from the maths: a game's protocol parses hashes with these
 * on every page, while the hashing itself (and @noble/hashes) loads only when a proof is shown.
 */
import { z } from 'zod/mini'

/** A SHA-256 digest in hex, as written in chain publications. */
export const hashSchema = z.string().check(z.regex(/^[0-9a-fA-F]{64}$/, 'expected 64 hex digits'))
