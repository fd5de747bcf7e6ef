import { createHash, createHmac, timingSafeEqual } from 'node:crypto'

/**
 * How old the widget's `auth_date` may be. The widget redirects at once after the player
 * confirms, so a minute would do; ten allow for a slow confirmation. An older signed payload is
 * refused: one leaked from a log must not sign its owner in again later.
 */
export const TELEGRAM_MAX_AGE_S = 600

/** The outcome of checking the log-in widget's data. */
export type TelegramCheck =
  | { readonly ok: true; readonly subject: string }
  | { readonly ok: false; readonly reason: 'malformed' | 'bad_hash' | 'stale' }

/**
 * Checks the data the Telegram log-in widget sends (https://core.telegram.org/widgets/login):
 * `hash` must be the hex HMAC-SHA256 of the data-check-string (every other field as `key=value`,
 * sorted by key, joined by newlines) under the key SHA256(bot token), and `auth_date` must be at
 * most `maxAgeS` seconds old. `fields` holds only what Telegram sent (our own `state` removed),
 * since every field it sends is signed, including ones added after this code was written.
 */
export function checkTelegramLogin(
  fields: Readonly<Record<string, string>>,
  botToken: string,
  nowS: number,
  maxAgeS = TELEGRAM_MAX_AGE_S,
): TelegramCheck {
  const { hash, ...data } = fields
  const id = data.id
  const authDate = Number(data.auth_date)
  if (!hash || !/^[0-9a-f]{64}$/.test(hash) || !id || !/^[0-9]{1,20}$/.test(id)) {
    return { ok: false, reason: 'malformed' }
  }
  if (!Number.isInteger(authDate)) return { ok: false, reason: 'malformed' }
  const checkString = Object.keys(data)
    .sort()
    .map((key) => `${key}=${data[key]}`)
    .join('\n')
  const secret = createHash('sha256').update(botToken).digest()
  const expected = createHmac('sha256', secret).update(checkString).digest()
  if (!timingSafeEqual(expected, Buffer.from(hash, 'hex'))) return { ok: false, reason: 'bad_hash' }
  // A date in the future beyond clock skew is as suspect as an old one.
  if (nowS - authDate > maxAgeS || authDate - nowS > 60) return { ok: false, reason: 'stale' }
  return { ok: true, subject: id }
}
