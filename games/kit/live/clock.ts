/**
 * The server-anchored clock of a live game. The server sends times, never ticks (a round's start,
 * a countdown's end, all epoch ms on its clock); the stream estimates `clockOffset`, the server's
 * clock minus the page's `performance` clock (connectGameStream), and the round machine keeps the
 * latest one. A scene turns server times into times on its own frame clock with these, so every
 * player sees a countdown end and a curve start together whatever their device's clock says.
 * Pure: the caller reads the local clock.
 */

/** A server time on the local clock, for a `clockOffset` of server minus local ms. */
export const toLocalTime = (serverTime: number, clockOffset: number): number =>
  serverTime - clockOffset

/** Milliseconds from local time `localNow` until server time `serverTime`, 0 once it passed. */
export const msUntil = (serverTime: number, clockOffset: number, localNow: number): number =>
  Math.max(0, toLocalTime(serverTime, clockOffset) - localNow)
