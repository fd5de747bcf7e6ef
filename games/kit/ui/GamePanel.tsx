import type { ReactNode } from 'react'
import type { BetAmountError } from '../../engine/money'
import type { CommonErrorCode } from '../protocol'
import { useKitText } from './kitText'

/** Props of `GamePanel`. */
export interface GamePanelProps {
  /** Test ids read `<game>.bet-panel` and `<game>.guest-note`. */
  game: string
  /** For a guest, who watches without betting: why there is nothing to press (translated). */
  guestNote: string | null
  children: ReactNode
}

/** The box of the player's controls; a guest sees only the note. */
export function GamePanel({ game, guestNote, children }: GamePanelProps) {
  const t = useKitText(game)
  return (
    <section
      className="game-panel"
      data-testid={`${game}.bet-panel`}
      aria-label={t('kit:panel.title')}
    >
      {guestNote === null ? (
        children
      ) : (
        <p className="game-panel__guest" data-testid={`${game}.guest-note`}>
          {guestNote}
        </p>
      )}
    </section>
  )
}

/** Props of `BetStatus`. */
export interface BetStatusProps {
  game: string
  /** The round machine's bet state, for tests and styles (`data-state`). */
  state: string
  /** How it ended, for the colour: won, lost, or neither yet. */
  tone: 'won' | 'lost' | null
  amount: number | null
  /** The payout once won, else null. */
  win: number | null
  children: ReactNode
}

/** The line under the buttons that says where the player's bet stands (announced politely). */
export function BetStatus({ game, state, tone, amount, win, children }: BetStatusProps) {
  return (
    <p
      className={`game-panel__note${tone ? ` game-panel__note--${tone}` : ''}`}
      data-testid={`${game}.bet-status`}
      data-state={state}
      data-amount={amount ?? ''}
      data-win={win ?? ''}
      aria-live="polite"
    >
      {children}
    </p>
  )
}

/** A refused or failed command, translated, beside the controls. */
export function BetError({ game, text }: { game: string; text: string }) {
  return (
    <p className="game-panel__error" role="alert" data-testid={`${game}.bet-error`}>
      {text}
    </p>
  )
}

/** Why an intent failed, as every game can say it: a refusal, a bad amount, no answer. */
export type KitError = CommonErrorCode | BetAmountError | 'not_whole_minor_units' | 'network'

const ERROR_KEYS: Record<KitError, string> = {
  not_whole_minor_units: 'kit:error.not_whole_minor_units',
  below_min: 'kit:error.below_min',
  above_max: 'kit:error.above_max',
  balance_not_enough: 'kit:error.balance_not_enough',
  limits: 'kit:error.limits',
  duplicate: 'kit:error.duplicate',
  not_found: 'kit:error.not_found',
  unauthorized: 'kit:error.unauthorized',
  rate_limited: 'kit:error.rate_limited',
  bad_request: 'kit:error.bad_request',
  internal: 'kit:error.internal',
  network: 'kit:error.network',
}

/** The translation key of an error every game shares (a game maps its own codes first). */
export const kitErrorKey = (error: KitError): string => ERROR_KEYS[error]
