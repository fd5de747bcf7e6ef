/**
 * Deposit presets (SPEC.md section 9): five amounts spaced geometrically between the method's
 * minimum and maximum, rounded to 50 (major units) when the range is under 5000, else to 100.
 * Amounts in and out are minor units (1/100).
 */
export function depositPresets(min: number, max: number, count = 5): number[] {
  const step = (max - min) / 100 < 5000 ? 50_00 : 100_00
  const out: number[] = []
  for (let i = 0; i < count; i++) {
    const raw = min * Math.pow(max / min, i / (count - 1))
    const rounded = Math.round(raw / step) * step
    const clamped = Math.min(max, Math.max(min, rounded))
    if (!out.includes(clamped)) out.push(clamped)
  }
  return out
}
