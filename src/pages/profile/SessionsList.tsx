import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'

import { errorNotification, isApiError } from '../../api'
import type { ProfileSession, ProfileSessionsResponse } from '../../../contract'
import type { ProfileApi } from '../../features/profile/api'
import { describeUserAgent, formatDateTime } from '../../features/profile/format'
import { translateError } from '../../features/session/api'
import { isLocale, type Locale } from '../../i18n/locales'
import { showToast } from '../../stores/toasts'

/** Props of {@link SessionsList}. */
export interface SessionsListProps {
  api: Pick<ProfileApi, 'sessions' | 'revokeSession'>
  timeZone: string | null
  /** Changing it reloads the list (after a password change ended the other sessions). */
  version?: number
}

type Loaded =
  { status: 'loading' } | { status: 'failed' } | { status: 'ok'; data: ProfileSessionsResponse }

/**
 * The player's live sessions (GET /profile/sessions): device, address, log-in and last activity,
 * the current one marked and first, with the time of the previous log-in above. Any other session
 * can be ended (DELETE /profile/sessions/{id}); the current one ends with log-out instead.
 */
export function SessionsList({ api, timeZone, version = 0 }: SessionsListProps) {
  const { t, i18n } = useTranslation()
  const locale = (isLocale(i18n.language) ? i18n.language : 'en') as Locale
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' })
  const [attempt, setAttempt] = useState(0)
  const [revoking, setRevoking] = useState<number | null>(null)
  useEffect(() => {
    const abort = new AbortController()
    api.sessions({ signal: abort.signal, notify: false }).then(
      (data) => setLoaded({ status: 'ok', data }),
      () => {
        if (!abort.signal.aborted) setLoaded({ status: 'failed' })
      },
    )
    return () => abort.abort()
  }, [api, attempt, version])

  const time = (iso: string) => formatDateTime(iso, locale, timeZone)
  const device = (s: ProfileSession) =>
    describeUserAgent(s.user_agent) ?? t('profile:access.sessions.unknownDevice')

  const revoke = async (session: ProfileSession) => {
    setRevoking(session.id)
    try {
      await api.revokeSession(session.id, { notify: false })
      setLoaded((prev) =>
        prev.status === 'ok'
          ? {
              status: 'ok',
              data: { ...prev.data, data: prev.data.data.filter((s) => s.id !== session.id) },
            }
          : prev,
      )
      showToast({ kind: 'success', title: t('profile:access.sessions.revoked') })
    } catch (error) {
      const lines = isApiError(error)
        ? (errorNotification(error.failure, translateError)?.lines ?? [])
        : []
      showToast({
        kind: 'error',
        title: t('profile:access.sessions.revokeFailed'),
        lines: [...lines],
      })
      // Already over elsewhere (or never ours): the list is out of date either way.
      setAttempt((n) => n + 1)
    } finally {
      setRevoking(null)
    }
  }

  return (
    <section
      className="profile-card"
      aria-labelledby="profile-sessions"
      aria-busy={loaded.status === 'loading'}
    >
      <h2 id="profile-sessions" className="profile-card__title">
        {t('profile:access.sessions.title')}
      </h2>
      {loaded.status === 'loading' ? <p className="page__meta">{t('profile:loading')}</p> : null}
      {loaded.status === 'failed' ? (
        <div role="alert" className="profile-error">
          <p>{t('profile:access.sessions.loadFailed')}</p>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => setAttempt((n) => n + 1)}
          >
            {t('profile:retry')}
          </button>
        </div>
      ) : null}
      {loaded.status === 'ok' ? (
        <>
          <p className="page__meta" data-testid="profile.previous-login">
            {loaded.data.previous_login_at
              ? t('profile:access.sessions.previousLogin', {
                  time: time(loaded.data.previous_login_at),
                })
              : t('profile:access.sessions.firstLogin')}
          </p>
          <ul className="profile-list" data-testid="profile.sessions">
            {loaded.data.data.map((s) => (
              <li
                key={s.id}
                className="profile-list__item profile-session"
                data-testid="profile.session"
                data-current={s.current ? 'true' : 'false'}
                data-session-id={s.id}
              >
                <span className="profile-list__main">
                  {device(s)}
                  {s.current ? (
                    <span className="profile-badge" data-testid="profile.session-current">
                      {t('profile:access.sessions.current')}
                    </span>
                  ) : null}
                </span>
                {s.ip ? (
                  <span className="page__meta">
                    {t('profile:access.sessions.ip', { ip: s.ip })}
                  </span>
                ) : null}
                <span className="page__meta">
                  {t('profile:access.sessions.started', { time: time(s.created_at) })}
                </span>
                <span className="page__meta">
                  {t('profile:access.sessions.lastSeen', { time: time(s.last_seen_at) })}
                </span>
                {s.current ? null : (
                  <button
                    type="button"
                    className="button button--ghost profile-session__revoke"
                    disabled={revoking === s.id}
                    aria-label={t('profile:access.sessions.revokeLabel', { device: device(s) })}
                    onClick={() => void revoke(s)}
                    data-testid="profile.session-revoke"
                  >
                    {revoking === s.id
                      ? t('profile:access.sessions.revoking')
                      : t('profile:access.sessions.revoke')}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  )
}
