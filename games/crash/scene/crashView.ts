/**
 * The crash scene's view model: a small, time-free summary of the round machine's snapshot
 * (`toCrashView`), and what it means at one instant of the local clock (`crashFrame`). Both are
 * pure so tests pin them down; the scene only draws what they return.
 */
import type { SnapshotFrom } from 'xstate'
import { toLocalTime } from '../../kit/live/clock'
import type { crashRoundMachine } from '../round.machine'
import { msToReach, multiplierAt } from '../rules'

/** The round machine's snapshot, as the scene's caller holds it. */
export type CrashRoundSnapshot = SnapshotFrom<typeof crashRoundMachine>

/** Where the round stands, as the scene draws it. */
export type CrashViewPhase = 'connecting' | 'betting' | 'running' | 'crashed' | 'offline'

/** Where the player's own bet stands in the drawn round. */
export type CrashViewBet = 'none' | 'pending' | 'active' | 'cashedOut' | 'lost'

/** Translated texts the scene shows; the caller translates (scenes have no i18n). */
export interface CrashSceneLabels {
  connecting: string
  /** "Starts in {{seconds}}s" with the seconds filled by the scene through `{{seconds}}`. */
  startsIn: string
  crashed: string
  /** "You won {{amount}}": the amount is filled by the caller, so this is final text. */
  won: string
  lost: string
  /** The decimal sign of the player's language for the multiplier and the countdown; `.` if absent. */
  decimal?: string
}

/** Everything the scene draws, with times on the local clock (`performance.now()` timeline). */
export interface CrashView {
  phase: CrashViewPhase
  roundId: string | null
  /** Local time the round started (null before it runs). */
  startedAt: number | null
  /** Local time betting closes (null unless betting). */
  bettingEndsAt: number | null
  /** The crash point in hundredths, once crashed. */
  crashPoint: number | null
  bet: CrashViewBet
  /** The multiplier the player's bet cashed out at, in hundredths. */
  cashoutAt: number | null
  labels: CrashSceneLabels
}

/** Where the round stands in the snapshot, as the scene (and the page's `data-phase`) tell it. */
export function viewPhase(snapshot: CrashRoundSnapshot): CrashViewPhase {
  return snapshot.matches({ round: 'offline' })
    ? 'offline'
    : snapshot.matches({ round: 'betting' })
      ? 'betting'
      : snapshot.matches({ round: 'running' })
        ? 'running'
        : snapshot.matches({ round: 'crashed' })
          ? 'crashed'
          : 'connecting'
}

/** A view of the snapshot; `labels` come from the caller, already translated. */
export function toCrashView(snapshot: CrashRoundSnapshot, labels: CrashSceneLabels): CrashView {
  const { round, clockOffset, bet } = snapshot.context
  // Server times land on the client clock the stream measured the offset against.
  const local = (serverTime: number | null) =>
    serverTime === null ? null : toLocalTime(serverTime, clockOffset)
  const phase = viewPhase(snapshot)
  // A bet queued for the next round is not part of the drawn one.
  const inThisRound = bet !== null && bet.roundId !== null && bet.roundId === round?.id
  let viewBet: CrashViewBet = 'none'
  if (snapshot.matches({ bet: 'cashedOut' }) && inThisRound) viewBet = 'cashedOut'
  else if (snapshot.matches({ bet: 'lost' }) && inThisRound) viewBet = 'lost'
  else if (
    (snapshot.matches({ bet: 'placed' }) || snapshot.matches({ bet: 'cashingOut' })) &&
    inThisRound
  ) {
    viewBet = 'active'
  } else if (snapshot.matches({ bet: 'placing' })) viewBet = 'pending'
  return {
    phase,
    roundId: round?.id ?? null,
    startedAt: round ? local(round.startedAt) : null,
    bettingEndsAt: round && round.phase === 'betting' ? local(round.bettingEndsAt) : null,
    crashPoint: round?.crashPoint ?? null,
    bet: viewBet,
    cashoutAt: viewBet === 'cashedOut' ? (bet?.cashoutAt ?? null) : null,
    labels,
  }
}

/** What the view means at local time `now`. */
export interface CrashFrame {
  /** The multiplier to show, in hundredths. */
  multiplier: number
  /** Milliseconds of curve to draw (0 before the start). */
  elapsedMs: number
  /** Milliseconds left to bet (0 unless betting). */
  countdownMs: number
  /** Where on the curve the player's cash-out sits, in ms after the start (null if none). */
  cashoutMs: number | null
}

/**
 * The view at local time `now`. While running the curve keeps climbing until `crashed` arrives
 * (only the server knows the crash point); once crashed it stops exactly at the crash point.
 */
export function crashFrame(view: CrashView, now: number): CrashFrame {
  const cashoutMs = view.cashoutAt === null ? null : msToReach(view.cashoutAt)
  if (view.phase === 'betting') {
    const left = view.bettingEndsAt === null ? 0 : Math.max(0, view.bettingEndsAt - now)
    return { multiplier: 100, elapsedMs: 0, countdownMs: left, cashoutMs: null }
  }
  if (view.phase === 'crashed' && view.crashPoint !== null) {
    return {
      multiplier: view.crashPoint,
      elapsedMs: msToReach(view.crashPoint),
      countdownMs: 0,
      cashoutMs,
    }
  }
  if (view.startedAt !== null && (view.phase === 'running' || view.phase === 'offline')) {
    const elapsedMs = Math.max(0, now - view.startedAt)
    return { multiplier: multiplierAt(elapsedMs), elapsedMs, countdownMs: 0, cashoutMs }
  }
  return { multiplier: 100, elapsedMs: 0, countdownMs: 0, cashoutMs: null }
}

/**
 * A multiplier in hundredths as text, `153` -> `1.53x`; with the player's decimal sign
 * (`decimalSign` of games/engine/money) `1,53x` in Russian and Kazakh.
 */
export function formatMultiplier(hundredths: number, decimal = '.'): string {
  const whole = Math.floor(hundredths / 100)
  const cents = hundredths % 100
  return `${whole}${decimal}${cents < 10 ? '0' : ''}${cents}x`
}
