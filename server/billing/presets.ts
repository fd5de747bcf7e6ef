/**
 * Deposit presets (SPEC.md section 9) for the methods the server lists. The rule itself is
 * written once, in the shared protocol (`depositPresets` in contract/billing.ts), so the
 * amounts the server sends and the ones a client computes for a method without presets agree.
 */
import { depositPresets as presetsRule, type Minor } from '../../contract'

/** Five amounts between a method's limits (minor units in and out), as the protocol defines. */
export function depositPresets(min: number, max: number, count = 5): Minor[] {
  return presetsRule(min as Minor, max as Minor, count)
}
