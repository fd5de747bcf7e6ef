/**
 * Provably fair outcomes, isomorphic and synchronous: the same code runs in the browser (the
 * in-app verifier), in the server (deciding outcomes) and in `npm run fair` (checking them).
 */
export { sha256, hmacSha256, createHmacSha256, DIGEST_LENGTH, type KeyedHmac } from './sha256'
export { utf8, bytesToHex, hexToBytes, isHex, isHash } from './encoding'
export {
  floats,
  floatCursor,
  floatStream,
  hashServerSeed,
  FLOATS_PER_BLOCK,
  type FloatCursor,
} from './floats'
export {
  previousGameHash,
  walkChain,
  chainFrom,
  verifyChain,
  chainPosition,
  hashSchema,
  crashChainPublicationSchema,
  CRASH_CHAIN_PUBLICATION_PATH,
  type CrashChainPublication,
} from './chain'
export {
  crashPoint,
  createCrashPointer,
  formatCrashPoint,
  MIN_CRASH_POINT,
  type CrashPoint,
} from './crash'
