import { memo, useEffect, useId, useMemo, useReducer, useState, type KeyboardEvent } from 'react'
import { MONEY_NUMBER_LOCALE, formatPaidMultiplier, type MoneyLocale } from '../../../engine/money'
import {
  EMPTY_LIVE_TABLES,
  applyLiveEvent,
  type LiveTableRow,
  type LiveTables,
  type LiveTablesEvent,
} from '../liveTables'
import { LIVE_NAMESPACE, liveWire } from '../protocol'
import { connectGameStream } from '../../stream/connectGameStream'
import type { SocketFactory } from '../../../engine/stream'
import type { LiveTablesShell } from '../../ui/gameModule'
import { useKitText } from '../../ui/kitText'
import { gameNameKey } from '../../define'
import { BetsTable, type LiveBetsColumn } from '../../ui/LiveBets'

/** The tables, in the order of their tabs. */
const TABS = [
  { id: 'all', label: 'kit:live.tabs.all', empty: 'kit:live.empty.all' },
  { id: 'highRollers', label: 'kit:live.tabs.highRollers', empty: 'kit:live.empty.highRollers' },
  { id: 'mine', label: 'kit:live.tabs.mine', empty: 'kit:live.empty.mine' },
] as const satisfies readonly { id: keyof LiveTables; label: string; empty: string }[]

type Tab = (typeof TABS)[number]['id']

/** How the live tables open their stream: `connectLiveTables`, or a test's over a fake socket. */
export type ConnectLiveTables = (options: {
  url: string
  getToken: () => string | null
  inbox: { send(event: LiveTablesEvent): void }
}) => { stop(): void }

/**
 * The live tables' stream on the `general` service's `/live` namespace, every event parsed by
 * the live wire on arrival (the stream drops one that does not parse), sent to `inbox`.
 */
export function connectLiveTables(options: {
  url: string
  getToken: () => string | null
  inbox: { send(event: LiveTablesEvent): void }
  /** The socket factory, socket.io-client's by default. */
  io?: SocketFactory
}): { stop(): void } {
  return connectGameStream({ ...options, wire: liveWire, namespace: LIVE_NAMESPACE })
}

/** Props of `InstantLiveTables`. */
export interface InstantLiveTablesProps {
  /** The page's game: test ids read `<game>.live-*`. */
  game: string
  /** The service and the proof links, from the shell. */
  live: LiveTablesShell
  /** The session token for the handshake (a player's socket also gets their own bets). */
  getToken: () => string | null
  locale: MoneyLocale
  /** The stream; `connectLiveTables` by default. */
  connect?: ConnectLiveTables
}

/** The tab a key moves to from tab `at` (the WAI-ARIA tabs keys, wrapping), or null. */
function nextTab(key: string, at: number): number | null {
  switch (key) {
    case 'ArrowRight':
      return (at + 1) % TABS.length
    case 'ArrowLeft':
      return (at - 1 + TABS.length) % TABS.length
    case 'Home':
      return 0
    case 'End':
      return TABS.length - 1
    default:
      return null
  }
}

/** A bet's time of day, in the page's language. */
function useTimeFormat(locale: MoneyLocale): Intl.DateTimeFormat {
  return useMemo(
    () =>
      new Intl.DateTimeFormat(MONEY_NUMBER_LOCALE[locale], {
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      }),
    [locale],
  )
}

/**
 * The live tables of every instant game, below the game: all bets, high rollers and the
 * player's own, as tabs (arrow keys move between them, as the WAI-ARIA tabs pattern has it).
 * Each row names the game, links to the bet's proof, and shows the time, the player's public
 * name, the stake, the multiplier and the payout. The stream is the component's own.
 */
function LiveTables(props: InstantLiveTablesProps) {
  const t = useKitText(props.game)
  const { game, live, getToken, locale } = props
  const connect = props.connect ?? connectLiveTables
  const [tables, send] = useReducer(applyLiveEvent, EMPTY_LIVE_TABLES)
  const [tab, setTab] = useState<Tab>('all')
  const id = useId()
  const time = useTimeFormat(locale)
  const { serviceUrl } = live

  useEffect(() => {
    const { stop } = connect({ url: serviceUrl, getToken, inbox: { send } })
    return stop
  }, [connect, serviceUrl, getToken])

  // Stable columns, so the table's memoised rows re-render only when a row changes.
  const { lead, columns } = useMemo(() => {
    const gameName = (row: LiveTableRow) => {
      // A game's name is its page's title; a game the client does not know yet shows its id.
      return t(gameNameKey(row.game), { defaultValue: row.game })
    }
    const lead: LiveBetsColumn<LiveTableRow>[] = [
      {
        header: 'kit:live.game',
        cell: (row) => (
          <a
            href={live.betHref(row.game, row.betId)}
            aria-label={t('kit:live.proof', {
              game: gameName(row),
              player: row.player ?? t('kit:bets.hidden'),
            })}
            data-testid={`${game}.live-proof`}
            onClick={(event) => {
              // A plain click opens the proof in place; a new tab or window follows the href.
              const modified = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey
              if (event.button !== 0 || modified) return
              event.preventDefault()
              live.openBet(row.game, row.betId)
            }}
          >
            {gameName(row)}
          </a>
        ),
      },
      {
        header: 'kit:live.time',
        cell: (row) => (
          <time dateTime={new Date(row.time).toISOString()}>{time.format(row.time)}</time>
        ),
      },
    ]
    const columns: LiveBetsColumn<LiveTableRow>[] = [
      {
        header: 'kit:live.multiplier',
        // Floored, as the game's own result line shows it: never more than the bet paid.
        cell: (row) => formatPaidMultiplier(row.multiplier, locale),
      },
    ]
    return { lead, columns }
  }, [t, live, game, time, locale])

  const selected = TABS.find((entry) => entry.id === tab) ?? TABS[0]
  const rows = tables[selected.id]
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const next = nextTab(
      event.key,
      TABS.findIndex((entry) => entry.id === tab),
    )
    if (next === null) return
    event.preventDefault()
    const target = TABS[next]!.id
    setTab(target)
    document.getElementById(`${id}-${target}`)?.focus()
  }

  return (
    <section
      className="game-bets game-live"
      data-testid={`${game}.live-tables`}
      aria-label={t('kit:live.title')}
    >
      <div
        className="game-panel__modes game-live__tabs"
        role="tablist"
        aria-label={t('kit:live.title')}
      >
        {TABS.map((entry) => (
          <button
            key={entry.id}
            type="button"
            role="tab"
            id={`${id}-${entry.id}`}
            className="game-panel__mode"
            aria-selected={entry.id === tab}
            aria-controls={`${id}-panel`}
            tabIndex={entry.id === tab ? 0 : -1}
            data-testid={`${game}.live-tab-${entry.id}`}
            onClick={() => setTab(entry.id)}
            onKeyDown={onKeyDown}
          >
            {t(entry.label)}
          </button>
        ))}
      </div>
      <div
        id={`${id}-panel`}
        role="tabpanel"
        aria-labelledby={`${id}-${tab}`}
        className="game-live__panel"
        data-testid={`${game}.live-table`}
        data-tab={tab}
      >
        <BetsTable
          game={game}
          rows={rows ?? []}
          locale={locale}
          lead={lead}
          columns={columns}
          winHeader="kit:live.payout"
          empty={rows === null ? t('kit:live.guest') : t(selected.empty)}
          rowTestId={`${game}.live-row`}
        />
      </div>
    </section>
  )
}

/**
 * {@link LiveTables}, drawn again only when its own props change: a game's page re-renders at
 * each step of its result (keno's ten draws), and the tables, with every row's texts, have
 * nothing to redraw then.
 */
export const InstantLiveTables = memo(LiveTables)
