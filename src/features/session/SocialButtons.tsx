import { useTranslation } from 'react-i18next'

import type { SocialProvider } from '../../flows/social.machine'

/** Provider names are brands: shown as written everywhere, so no translation. */
const PROVIDERS: { id: SocialProvider; name: string }[] = [
  { id: 'google', name: 'Google' },
  { id: 'telegram', name: 'Telegram' },
  { id: 'vk', name: 'VK' },
  { id: 'yandex', name: 'Yandex' },
]

/**
 * "Or log in with": one button per provider. The click itself starts the log-in, so the
 * browser lets the popup open. While the popup is open the buttons give way to a status line and
 * a Cancel button (which closes the popup).
 */
export function SocialButtons({
  waiting,
  onStart,
  onCancel,
}: {
  waiting: boolean
  onStart: (provider: SocialProvider) => void
  onCancel: () => void
}) {
  const { t } = useTranslation()
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
          {PROVIDERS.map((provider) => (
            <button
              key={provider.id}
              type="button"
              className="button button--ghost"
              aria-label={t('auth:social.with', { provider: provider.name })}
              onClick={() => onStart(provider.id)}
              data-testid={`login.social-${provider.id}`}
            >
              {provider.name}
            </button>
          ))}
        </div>
      )}
    </div>
  )
}
