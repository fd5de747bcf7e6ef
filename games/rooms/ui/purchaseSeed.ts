/**
 * A purchase's client seed, made at the app edge per purchase: 32 random hex digits from the
 * browser's CSPRNG. It is one line of the ticket list, so no value known before the purchase can
 * steer the draw (docs/games.md, "The draw").
 */
export function newPurchaseSeed(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}
