/**
 * Phone masks of SPEC.md section 5 and the country codes the phone inputs offer.
 *
 * A mask is a template: `#` takes a digit, `@` a letter, `*` a letter or digit, and `_` (the
 * placeholder SPEC.md writes the +375 mask with) a digit; every other character is a literal
 * that is written out as the player types. Pure functions: no DOM, no React.
 */

/** SPEC.md section 5, verbatim: the mask by dialling code. */
export const PHONE_MASKS = {
  /** Russia and Kazakhstan. */
  '+7': '(###) ### ## ##',
  /** Belarus: the subscriber number (the two-digit operator code comes before it). */
  '+375': '___ __ __',
} as const

/** A country the phone inputs offer. */
export interface PhoneCountry {
  /** ISO 3166 code, for keys and tests. */
  readonly code: 'RU' | 'KZ' | 'BY'
  /** The dialling code with its '+'. */
  readonly dial: keyof typeof PHONE_MASKS
  /** The mask of the national part (after the dialling code). */
  readonly mask: string
}

/**
 * The dialling codes offered, first the default. RU and KZ share +7 and its mask, so the input
 * offers +7 once. Belarusian numbers have 9 national digits: the operator code, then the
 * 7-digit subscriber part that SPEC.md's mask describes.
 */
export const PHONE_COUNTRIES: readonly PhoneCountry[] = [
  { code: 'RU', dial: '+7', mask: PHONE_MASKS['+7'] },
  { code: 'BY', dial: '+375', mask: `(##) ${PHONE_MASKS['+375']}` },
]

const SLOT: Record<string, RegExp> = {
  '#': /[0-9]/,
  _: /[0-9]/,
  '@': /\p{L}/u,
  '*': /[\p{L}0-9]/u,
}

/** True when `char` is a slot of a mask rather than a literal. */
function isSlot(char: string): boolean {
  return Object.hasOwn(SLOT, char)
}

/**
 * Formats `raw` through `mask`: each slot takes the next character of `raw` that fits it
 * (others are skipped, so pasting "+7 999-123" or typing into a formatted value both work),
 * literals are written while more input follows, and input beyond the mask is dropped.
 * `applyMask('(###) ### ## ##', '9991234567')` is `'(999) 123 45 67'`.
 */
export function applyMask(mask: string, raw: string): string {
  const input = [...raw]
  let next = 0
  let out = ''
  let pending = ''
  for (const char of mask) {
    if (!isSlot(char)) {
      pending += char
      continue
    }
    const rule = SLOT[char] as RegExp
    while (next < input.length && !rule.test(input[next] as string)) next += 1
    if (next >= input.length) break
    out += pending + (input[next] as string)
    pending = ''
    next += 1
  }
  // Literals after the last typed character are not written: deleting "(999) " back to "(99"
  // would otherwise re-add the ") " the player just removed.
  return out
}

/** How many characters a mask holds (its slots). */
export function maskCapacity(mask: string): number {
  return [...mask].filter(isSlot).length
}

/** The digits of a value, everything else dropped. */
export function digitsOf(value: string): string {
  return value.replace(/[^0-9]/g, '')
}

/**
 * Splits an E.164 number (`+79991234567`) into the offered country it starts with and its
 * national digits; a number of no offered country is given to the default with its digits after
 * the '+'. An empty value is the default country with no digits.
 */
export function splitPhone(e164: string): { country: PhoneCountry; national: string } {
  const digits = digitsOf(e164)
  // Longest code first, so +375 is not read as +3...
  const byLength = [...PHONE_COUNTRIES].sort((a, b) => b.dial.length - a.dial.length)
  for (const country of byLength) {
    const code = digitsOf(country.dial)
    if (digits.startsWith(code)) return { country, national: digits.slice(code.length) }
  }
  return { country: PHONE_COUNTRIES[0] as PhoneCountry, national: digits }
}

/** The E.164 form of a national number in a country, or '' when no digit was typed. */
export function joinPhone(country: PhoneCountry, national: string): string {
  const digits = digitsOf(national).slice(0, maskCapacity(country.mask))
  return digits === '' ? '' : `${country.dial}${digits}`
}

/** True when the national part fills the country's mask (a complete number). */
export function isCompletePhone(e164: string): boolean {
  const { country, national } = splitPhone(e164)
  return e164.startsWith(country.dial) && national.length === maskCapacity(country.mask)
}
