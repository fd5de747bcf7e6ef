/**
 * The fairness wire's shapes, apart from the maths: a game's protocol parses hashes with these
 * on every page, while the hashing itself (and @noble/hashes) loads only when a proof is shown.
 */
import { z } from 'zod/mini'

/** A SHA-256 digest in hex, as written in chain publications. */
export const hashSchema = z.string().check(z.regex(/^[0-9a-fA-F]{64}$/, 'expected 64 hex digits'))

/** A ticket purchase's id in the rooms' ticket list: 1-64 letters, digits, `_` or `-` (no space). */
export const PURCHASE_ID_PATTERN = /^[0-9A-Za-z_-]{1,64}$/
/** A ticket buyer's client seed: 1-64 printable ASCII characters, the seed pairs' rule. */
export const PURCHASE_SEED_PATTERN = /^[\x20-\x7e]{1,64}$/
/** A randomness beacon's value as a ticket list carries it: 1-256 printable ASCII characters. */
export const BEACON_PATTERN = /^[\x20-\x7e]{1,256}$/
