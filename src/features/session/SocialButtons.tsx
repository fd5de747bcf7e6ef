import { useTranslation } from 'react-i18next'

import type { SocialProvider } from '../../flows/social.machine'

/** Provider names are brands: shown as written everywhere, so no translation. */
const NAMES: Record<SocialProvider, string> = {
  google: 'Google',
  telegram: 'Telegram',
  vk: 'VK',
  yandex: 'Yandex',
}

/**
 * "Or log in with": one button per offered provider (see socialProviders.ts), nothing when none
 * is offered. The click itself starts the log-in, so the
 * browser lets the popup open. While the popup is open the buttons give way to a status line and
 * a Cancel button (which closes the popup).
 */
export function SocialButtons({
  providers,
  waiting,
  onStart,
  onCancel,
}: {
  providers: readonly SocialProvider[]
  waiting: boolean
  onStart: (provider: SocialProvider) => void
  onCancel: () => void
}) {
  const { t } = useTranslation()
  if (providers.length === 0) return null
  return (
    <div className="auth-social" data-testid="login.social">
      <p className="auth-social__title">{t('auth:social.title')}</p>
      {waiting ? (
        <div className="auth-form__actions">
          <p role="status" className="auth-form__hint">
            {t('auth:social.waiting')}
          </p>
          <button
            type="button"
            className="button button--ghost"
            onClick={onCancel}
            data-testid="login.social-cancel"
          >
            {t('auth:social.cancel')}
          </button>
        </div>
      ) : (
        <div className="auth-social__list">
          {providers.map((id) => (
            <button
              key={id}
              type="button"
              className="button button--ghost"
              aria-label={t('auth:social.with', { provider: NAMES[id] })}
              onClick={() => onStart(id)}
              data-testid={`login.social-${id}`}
            >
              {NAMES[id]}
            </button>
          ))}
        </div>
      )}
    </div>
  )
}
