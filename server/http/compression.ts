import compress from '@fastify/compress'
import type { FastifyInstance } from 'fastify'
import { constants } from 'node:zlib'

/**
 * Answers smaller than this many bytes go out as they are. `npm run bench -- compress` measures,
 * for JSON answers of each size, the bytes brotli saves and the time it takes, and so the link
 * speed below which the compressed answer arrives sooner: 80 to 90 Mbit/s for a 376-byte answer,
 * 105 to 145 for 551 bytes, more for every larger one (2026-11-25, 2 busy cores). From 512 bytes
 * compressing wins on every phone connection; below it brotli saves a hundred-odd bytes that fit
 * the same TCP segment anyway.
 */
export const COMPRESS_THRESHOLD_BYTES = 512

/** Brotli quality for answers compressed per request: 4 is smaller than gzip -6 and as fast. */
export const DYNAMIC_BROTLI_QUALITY = 4

/**
 * Compresses JSON and HTML answers made per request (API answers, the served index.html) above
 * {@link COMPRESS_THRESHOLD_BYTES}, brotli first, gzip for browsers without it. Static files come
 * compressed from the build (server/http/static.ts); their replies already carry a
 * Content-Encoding, which this plugin leaves alone. Request bodies are never decompressed: the API
 * takes small JSON bodies, and inflating them would sidestep the body limit.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD_BYTES,
    customTypes: /^(application\/json|text\/html)\b/,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY } },
    globalDecompression: false,
  })
}
