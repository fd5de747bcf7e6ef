/**
 * The player's session on a game page, kept by the kit's `GamePage` for every game: each bet the
 * game reports settled (`GameHooks.settled`) is counted once for the statistics panel, and sounds
 * its end (a win, a loss, a cash-out). `GameFrame` reads it to show the panel.
 */
import { createContext, useContext, useEffect, useRef, useState } from 'react'
import type { Currency, MoneyLocale } from '../../engine/money'
import { useGameSound } from './sound/useGameSound'
import { addSettled, type SettledBet } from './sessionStats'

/** What the page's frame reads of the session. */
export interface GameSession {
  bets: readonly SettledBet[]
  /** The player's currency; null for a guest, who has no session to show. */
  currency: Currency | null
  locale: MoneyLocale
  reset(): void
  /**
   * Counts a bet the game settled beside its page's machine (a stateful game's auto-bets, which
   * the Auto tab's own machines play), and sounds its end.
   */
  report(bet: SettledBet): void
}

/** The session of the game page around; null outside one (a frame in a test). */
export const GameSessionContext = createContext<GameSession | null>(null)

/** The session of the page around the caller, or null. */
export const useGameSessionContext = (): GameSession | null => useContext(GameSessionContext)

/**
 * Keeps the session's settled bets and sounds each one's end. `settled` is the game's latest
 * settled bet (or null); a bet already settled when the page opened (a restored round) is not
 * this session's and is left out.
 */
export function useGameSession(
  settled: SettledBet | null,
  currency: Currency | null,
  locale: MoneyLocale,
): GameSession {
  const play = useGameSound()
  const [bets, setBets] = useState<readonly SettledBet[]>([])
  const seen = useRef<string | null | undefined>(undefined)
  const id = settled?.id ?? null
  useEffect(() => {
    const first = seen.current === undefined
    if (seen.current === id) return
    seen.current = id
    if (first || settled === null) return
    count(settled)
    // The bet's id names it: a new object for the same bet is the same bet.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id])
  function count(bet: SettledBet) {
    setBets((list) => addSettled(list, bet))
    play(bet.cashOut ? 'cashout' : bet.payout > bet.amount ? 'win' : 'loss')
  }
  return { bets, currency, locale, reset: () => setBets([]), report: count }
}
