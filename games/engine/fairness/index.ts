/**
 * Provably fair outcomes, isomorphic and synchronous: the same code runs in the browser (the
 * in-app verifier), in the server (deciding outcomes) and in `npm run fair` (checking them).
 * SHA-256 and HMAC-SHA256 are @noble/hashes' (`@noble/hashes/sha2.js`, `@noble/hashes/hmac.js`).
 */
export { createHmacSha256, DIGEST_LENGTH, type KeyedHmac } from './hmac'
export { utf8, bytesToHex, hexToBytes, isHex, isHash } from './encoding'
export {
  floats,
  floatCursor,
  floatStream,
  hashServerSeed,
  sha256Hex,
  FLOATS_PER_BLOCK,
  type FloatCursor,
} from './floats'
export { hashSchema, PURCHASE_ID_PATTERN, PURCHASE_SEED_PATTERN, BEACON_PATTERN } from './schemas'
export {
  previousGameHash,
  walkChain,
  chainFrom,
  verifyChain,
  chainPosition,
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
export {
  drawDistinct,
  kenoDraw,
  minesBoard,
  cardOf,
  caseTicket,
  coinOf,
  CARDS,
  CARD_RANKS,
  CARD_SUITS,
  CASE_TICKETS,
  KENO_DRAWS,
  KENO_NUMBERS,
  MINES_TILES,
  type Card,
} from './draws'
export {
  ticketListText,
  parseTicketList,
  ticketTotal,
  clientSeedOf,
  drawWinner,
  winnerOf,
  MAX_DRAW_TICKETS,
  type TicketPurchase,
  type TicketList,
  type TicketOwner,
  type TicketDrawInput,
} from './tickets'
