import { Link } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'

import { formatMoney, type Minor } from '../../../games/engine/money'
import { gameNameKey } from '../../../games/registry'
import type {
  BetHistoryItem,
  Currency,
  DepositHistoryItem,
  HistoryKind,
  ProfileHistoryResponse,
} from '../../../contract'
import { useProfileApi, type ProfileApi } from '../../features/profile/api'
import { formatDateTime } from '../../features/profile/format'
import { isLocale, type Locale } from '../../i18n/locales'
import { useSession } from '../../stores/session'
import { PageTitle } from './PageTitle'
import './profile.css'

const PAGE_SIZE = 20

const KINDS: readonly { kind: HistoryKind; label: string }[] = [
  { kind: 'bets', label: 'profile:history.kinds.bets' },
  { kind: 'deposits', label: 'profile:history.kinds.deposits' },
]

const BET_STATUS = {
  open: 'profile:history.betStatus.open',
  pending: 'profile:history.betStatus.pending',
  won: 'profile:history.betStatus.won',
  lost: 'profile:history.betStatus.lost',
  refunded: 'profile:history.betStatus.refunded',
} as const

const DEPOSIT_STATUS = {
  1: 'profile:history.depositStatus.created',
  2: 'profile:history.depositStatus.processing',
  3: 'profile:history.depositStatus.paid',
  4: 'profile:history.depositStatus.expired',
  5: 'profile:history.depositStatus.failed',
} as const

/**
 * The search of a link to a crash round's proof (`/games/crash?round=12`, read by the crash page's
 * `parseCrashSearch`). A numeric id goes as a number: the router writes it bare, where it would
 * JSON-quote a numeric string (`?round=%2212%22`). Written here rather than imported from
 * games/crash so this page does not pull the game (and PixiJS) into its chunk.
 */
function crashRoundSearch(roundId: string): { round: number | string } {
  return { round: /^[1-9]\d{0,14}$/.test(roundId) ? Number(roundId) : roundId }
}

/** The rooms, as their round ids name them first; listed here for the same reason as above. */
const ROOMS = ['red', 'yellow', 'purple'] as const

/**
 * The room of a rooms round (`red-RUB-12`: room, currency, sequence), whose page opens its draw's
 * proof (`/games/rooms/red?round=red-RUB-12`), or null for an id naming no room: no link then.
 */
function roomOfRound(roundId: string): (typeof ROOMS)[number] | null {
  const first = /^([a-z]+)-/.exec(roundId)?.[1]
  return ROOMS.find((room) => room === first) ?? null
}

type Rows =
  { kind: 'bets'; items: BetHistoryItem[] } | { kind: 'deposits'; items: DepositHistoryItem[] }

interface Loaded {
  rows: Rows
  next: string | null
  status: 'loading' | 'idle' | 'failed'
}

function append(prev: Rows | null, page: ProfileHistoryResponse): Rows {
  if (page.kind === 'bets') {
    return { kind: 'bets', items: [...(prev?.kind === 'bets' ? prev.items : []), ...page.data] }
  }
  return {
    kind: 'deposits',
    items: [...(prev?.kind === 'deposits' ? prev.items : []), ...page.data],
  }
}

/** Fetches pages of one kind; `more()` asks for the next page. */
function useHistory(api: Pick<ProfileApi, 'history'>, kind: HistoryKind) {
  const empty: Rows = kind === 'bets' ? { kind, items: [] } : { kind, items: [] }
  const [loaded, setLoaded] = useState<Loaded>({ rows: empty, next: null, status: 'loading' })
  const [request, setRequest] = useState<{ cursor: string | undefined; n: number }>({
    cursor: undefined,
    n: 0,
  })
  useEffect(() => {
    const abort = new AbortController()
    api
      .history(
        { kind, cursor: request.cursor, limit: PAGE_SIZE },
        { signal: abort.signal, notify: false },
      )
      .then(
        (page) =>
          setLoaded((prev) => ({
            rows: append(request.cursor === undefined ? null : prev.rows, page),
            next: page.next_cursor,
            status: 'idle',
          })),
        () => {
          if (!abort.signal.aborted) setLoaded((prev) => ({ ...prev, status: 'failed' }))
        },
      )
    return () => abort.abort()
  }, [api, kind, request])
  return {
    loaded,
    // The status changes with the request (not in the effect), so one render shows "loading".
    more: () => {
      setLoaded((prev) => ({ ...prev, status: 'loading' }))
      setRequest((r) => ({ cursor: loaded.next ?? undefined, n: r.n + 1 }))
    },
    retry: () => {
      setLoaded((prev) => ({ ...prev, status: 'loading' }))
      setRequest((r) => ({ ...r, n: r.n + 1 }))
    },
  }
}

/**
 * /profile/history: the player's bets in every in-house game (crash today: stake, cash-out,
 * payout, round, time) and deposits (amount, method, status, time), newest first, a page at a
 * time (GET /profile/history, keyset cursor). A crash bet's round links to its fairness proof on
 * the crash page (`/games/crash?round=<id>`), for any finished round, however old, and a rooms
 * purchase's round to its draw's proof on its room's page (`/games/rooms/<room>?round=<id>`); an
 * instant bet or an ended stateful round links to its own proof on its game's page
 * (`/games/<game>?bet=<id>`), and a stateful round in progress back to its game (`/games/<game>`).
 */
export function ProfileHistoryPage() {
  const { t } = useTranslation()
  const user = useSession((s) => s.user)
  const [kind, setKind] = useState<HistoryKind>('bets')
  if (!user) return null // ProfileLayout renders children only for a signed-in user
  return (
    <section className="page profile-page" data-testid="page.profileHistory">
      <PageTitle />
      <div className="profile-kinds" role="group" aria-label={t('profile:history.kinds.label')}>
        {KINDS.map((k) => (
          <button
            key={k.kind}
            type="button"
            className={`button ${k.kind === kind ? 'button--primary' : 'button--ghost'}`}
            aria-pressed={k.kind === kind}
            onClick={() => setKind(k.kind)}
            data-testid={`profile.history-${k.kind}`}
          >
            {t(k.label)}
          </button>
        ))}
      </div>
      {/* Keyed by kind: each list starts from its own first page. */}
      <HistoryList key={kind} kind={kind} timeZone={user.timezone} />
    </section>
  )
}

/** A rooms purchase's link to its draw's proof on its room's page (`?round=`, parseRoomSearch). */
function RoomsRoundLink({ roundId }: { roundId: string }) {
  const { t } = useTranslation()
  const room = roomOfRound(roundId)
  if (!room) return null
  return (
    <Link
      to={`/games/rooms/${room}`}
      search={{ round: roundId }}
      className="profile-history-item__link"
      aria-label={t('profile:history.openRoundLabel', { round: roundId })}
      data-testid="profile.history-round-link"
    >
      {t('profile:history.round', { round: roundId })}
    </Link>
  )
}

function HistoryList({ kind, timeZone }: { kind: HistoryKind; timeZone: string | null }) {
  const { t, i18n } = useTranslation()
  const api = useProfileApi()
  const { loaded, more, retry } = useHistory(api, kind)
  const locale = (isLocale(i18n.language) ? i18n.language : 'en') as Locale
  const time = (iso: string) => formatDateTime(iso, locale, timeZone)
  const money = (amount: Minor, currency: Currency) => formatMoney(amount, currency, locale)
  const { rows } = loaded

  return (
    <section className="profile-card" aria-busy={loaded.status === 'loading'} aria-live="polite">
      {rows.kind === 'bets' && rows.items.length > 0 ? (
        <>
          <ul className="profile-list" data-testid="profile.history-list">
            {rows.items.map((bet) => (
              <li
                key={bet.id}
                className="profile-list__item profile-history-item"
                data-testid="profile.history-bet"
              >
                <span className="profile-list__main">
                  {t(gameNameKey(bet.game))}{' '}
                  <span className={`profile-status profile-status--${bet.status}`}>
                    {t(BET_STATUS[bet.status])}
                  </span>
                </span>
                <dl className="profile-facts">
                  <div>
                    <dt>{t('profile:history.bet')}</dt>
                    <dd>{money(bet.amount, bet.currency)}</dd>
                  </div>
                  <div>
                    <dt>{t('profile:history.multiplier')}</dt>
                    <dd>
                      {bet.multiplier === null ? '—' : `${(bet.multiplier / 100).toFixed(2)}×`}
                    </dd>
                  </div>
                  <div>
                    <dt>{t('profile:history.payout')}</dt>
                    <dd>{bet.payout === null ? '—' : money(bet.payout, bet.currency)}</dd>
                  </div>
                  <div>
                    <dt>{t('profile:history.time')}</dt>
                    <dd>{time(bet.created_at)}</dd>
                  </div>
                </dl>
                {bet.game === 'crash' ? (
                  <Link
                    to="/games/crash"
                    search={crashRoundSearch(bet.round_id)}
                    className="profile-history-item__link"
                    aria-label={t('profile:history.openRoundLabel', { round: bet.round_id })}
                    data-testid="profile.history-round-link"
                  >
                    {t('profile:history.round', { round: bet.round_id })}
                  </Link>
                ) : bet.game === 'rooms' ? (
                  <RoomsRoundLink roundId={bet.round_id} />
                ) : bet.status === 'open' ? (
                  // A stateful round in progress: its game's page resumes it (no proof yet).
                  <Link
                    to={`/games/${bet.game}`}
                    className="profile-history-item__link"
                    aria-label={t('profile:history.continueLabel', {
                      game: t(gameNameKey(bet.game)),
                    })}
                    data-testid="profile.history-continue-link"
                    data-bet-id={bet.id}
                  >
                    {t('profile:history.continue')}
                  </Link>
                ) : (
                  // An instant bet's or an ended round's proof opens on its game's page (`?bet=<id>`).
                  <Link
                    to={`/games/${bet.game}`}
                    search={{ bet: bet.id }}
                    className="profile-history-item__link"
                    aria-label={t('profile:history.openBetLabel', {
                      game: t(gameNameKey(bet.game)),
                    })}
                    data-testid="profile.history-bet-link"
                    data-bet-id={bet.id}
                  >
                    {t('profile:history.proof')}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {rows.kind === 'deposits' && rows.items.length > 0 ? (
        <ul className="profile-list" data-testid="profile.history-list">
          {rows.items.map((deposit) => (
            <li
              key={deposit.id}
              className="profile-list__item profile-history-item"
              data-testid="profile.history-deposit"
            >
              <span className="profile-list__main">
                {money(deposit.amount, deposit.currency)}{' '}
                <span className={`profile-status profile-status--d${deposit.status}`}>
                  {t(DEPOSIT_STATUS[deposit.status])}
                </span>
              </span>
              <dl className="profile-facts">
                <div>
                  <dt>{t('profile:history.method')}</dt>
                  <dd>{deposit.method}</dd>
                </div>
                <div>
                  <dt>{t('profile:history.time')}</dt>
                  <dd>{time(deposit.created_at)}</dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      ) : null}
      {loaded.status === 'idle' && rows.items.length === 0 ? (
        <p className="page__meta" data-testid="profile.history-empty">
          {kind === 'bets' ? t('profile:history.emptyBets') : t('profile:history.emptyDeposits')}
        </p>
      ) : null}
      {loaded.status === 'loading' ? <p className="page__meta">{t('profile:loading')}</p> : null}
      {loaded.status === 'failed' ? (
        <div role="alert" className="profile-error">
          <p>{t('profile:history.loadFailed')}</p>
          <button type="button" className="button button--ghost" onClick={retry}>
            {t('profile:retry')}
          </button>
        </div>
      ) : null}
      {loaded.status === 'idle' && loaded.next ? (
        <button
          type="button"
          className="button button--ghost"
          onClick={more}
          data-testid="profile.history-more"
        >
          {t('profile:history.more')}
        </button>
      ) : null}
    </section>
  )
}
