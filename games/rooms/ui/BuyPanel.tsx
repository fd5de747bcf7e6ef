import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { formatMoney, type Currency, type Minor, type MoneyLocale } from '../../engine/money'
import { GamePanel, BetError } from '../../kit/ui/GamePanel'
import { useMainAction, useSpaceKey } from '../../kit/ui/MainButton'
import { chanceOf, chancePercent, MAX_TICKETS_PER_PURCHASE, potOf } from '../rules'
import { formatPercent } from './percent'

/** Props of `BuyPanel`. */
export interface BuyPanelProps {
  /** The signed-in player's currency; null for a guest, who sees "log in to play". */
  currency: Currency | null
  /** A ticket's price in the round shown, null before the first snapshot. */
  price: Minor | null
  /** All tickets of the round, and the player's. */
  tickets: number
  myTickets: number
  /** A purchase is on its way. */
  buying: boolean
  /** The round takes purchases (not drawing, not connecting). */
  canBuy: boolean
  /** The tickets of the last accepted purchase in this round, or null. */
  bought: { first: number; last: number } | null
  /** The last refusal, translated, or null. */
  error: string | null
  locale: MoneyLocale
  onBuy: (count: number) => void
}

const clampCount = (n: number) =>
  Math.min(MAX_TICKETS_PER_PURCHASE, Math.max(1, Number.isFinite(n) ? Math.round(n) : 1))

/**
 * The buy panel: how many tickets (typed, the arrow keys, or − and +), a ticket's price, the
 * total, and the chance to win once bought; Enter in the count, Space outside a field, or the
 * button buys. A guest sees the call to
 * log in instead.
 */
export function BuyPanel(props: BuyPanelProps) {
  const { t } = useTranslation()
  const [count, setCount] = useState(1)
  const enabled = props.canBuy && !props.buying && props.price !== null
  const buy = useMainAction('bet', () => props.onBuy(count), enabled)
  // A guest has nothing to buy: Space stays the page's.
  useSpaceKey(() => {
    if (props.currency !== null) buy()
  })
  const currency = props.currency ?? 'RUB'
  const money = (value: Minor) => formatMoney(value, currency, props.locale)
  const chance = chanceOf(props.myTickets + count, props.tickets + count)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    buy()
  }
  return (
    <GamePanel game="rooms" guestNote={props.currency === null ? t('rooms:buy.guest') : null}>
      <form className="rooms-buy" onSubmit={submit} aria-label={t('rooms:buy.title')}>
        <label className="rooms-buy__count">
          <span>{t('rooms:buy.count')}</span>
          <span className="rooms-buy__stepper">
            <button
              type="button"
              className="game-chip"
              aria-label={t('rooms:buy.less')}
              data-testid="rooms.count-less"
              onClick={() => setCount((n) => clampCount(n - 1))}
            >
              {'−'}
            </button>
            <input
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_TICKETS_PER_PURCHASE}
              step={1}
              value={count}
              data-testid="rooms.count"
              onChange={(e) => setCount(clampCount(e.currentTarget.valueAsNumber))}
            />
            <button
              type="button"
              className="game-chip"
              aria-label={t('rooms:buy.more')}
              data-testid="rooms.count-more"
              onClick={() => setCount((n) => clampCount(n + 1))}
            >
              {'+'}
            </button>
          </span>
        </label>
        {props.price !== null ? (
          <dl className="rooms-buy__figures">
            <dd data-testid="rooms.price">
              {t('rooms:buy.price', { amount: money(props.price) })}
            </dd>
            <dd data-testid="rooms.total">
              {t('rooms:buy.total', { amount: money(potOf(count, props.price)) })}
            </dd>
            <dd data-testid="rooms.chance">
              {t('rooms:buy.chance', {
                percent: formatPercent(chancePercent(chance), props.locale),
              })}
            </dd>
            <dd data-testid="rooms.my-tickets">
              {t('rooms:buy.yours', { count: props.myTickets })}
            </dd>
          </dl>
        ) : null}
        <button
          type="submit"
          className="game-main game-main--bet"
          data-testid="rooms.buy-button"
          disabled={!enabled}
        >
          {props.buying ? t('rooms:buy.buying') : t('rooms:buy.button')}
        </button>
        <p className="game-panel__note" data-testid="rooms.bought" aria-live="polite">
          {props.bought ? t('rooms:buy.bought', props.bought) : ''}
        </p>
        {props.error ? <BetError game="rooms" text={props.error} /> : null}
        <p className="game-panel__hint">{t('rooms:buy.shortcut')}</p>
      </form>
    </GamePanel>
  )
}
