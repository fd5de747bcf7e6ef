import type { supportFileTypes } from '../../contract'

type FileType = (typeof supportFileTypes)[number]

/**
 * The document type its first bytes show (PNG, JPEG, WebP, PDF), or null: the request's
 * Content-Type and the file name are the sender's word, the bytes are what an operator opens.
 */
export function sniffFileType(bytes: Uint8Array): FileType | null {
  const starts = (sig: readonly number[], at = 0) =>
    bytes.length >= at + sig.length && sig.every((b, i) => bytes[at + i] === b)
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png'
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg'
  // RIFF....WEBP
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp'
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf' // %PDF-
  return null
}

/** A file name safe to store and to show: no path, no control characters, at most 200 chars. */
export function cleanFileName(name: string): string {
  const last = name.split(/[\\/]/).pop() ?? ''
  // eslint-disable-next-line no-control-regex -- control characters are what this removes
  const base = last.replace(/[\u0000-\u001f\u007f"]/g, '').trim()
  return (base || 'document').slice(0, 200)
}
