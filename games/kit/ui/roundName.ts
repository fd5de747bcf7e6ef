/**
 * How the frame names the round or bet on screen. A live round's id is a short number (crash:
 * `4812`) and reads as it is; an instant bet's id is `b-` and a UUID, which no player reads, so
 * the frame shows its first eight hex digits, enough to tell bets apart and to find one in the
 * proof (which shows the whole id).
 */

/** The round's name on the frame: `{ kind: 'round', name: '4812' }`, `{ kind: 'bet', name: 'eaf732c8' }`. */
export function roundName(id: string): { kind: 'round' | 'bet'; name: string } {
  const bet = /^b-([0-9a-f]{8})/i.exec(id)
  if (bet) return { kind: 'bet', name: bet[1]!.toLowerCase() }
  return { kind: 'round', name: id.length > 12 ? `${id.slice(0, 12)}…` : id }
}
