import { useMatch } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { useNamespaces } from '../i18n'
import { policyDoc } from './contentSchemas'
import { mentionsSupport } from '../features/support/mentions'
import { SupportLink } from '../features/support/SupportLink'

const AUTHORITATIVE: Record<'en' | 'ru', string> = {
  en: 'pages:policy.authoritative.en',
  ru: 'pages:policy.authoritative.ru',
}

/**
 * A policy document in the interface language. The `/policy/en|ru/` segment names the version
 * that prevails in a dispute, which the page states.
 */
export function PolicyPage() {
  const { t } = useTranslation()
  const { staticData } = useMatch({ strict: false })
  const policy = staticData.policy
  const ready = useNamespaces(['policy'])
  if (!ready) return <section className="page" aria-busy="true" data-testid="page.policy" />
  const parsed = policy
    ? policyDoc.safeParse(t(`policy:${policy.doc}`, { returnObjects: true }))
    : undefined
  if (!policy || !parsed?.success) {
    return (
      <section className="page" data-testid="page.policy">
        <h1 className="page__title" data-testid="page.title">
          {t('pages:policy.unavailableTitle')}
        </h1>
        <p className="page__lead">{t('pages:policy.unavailable')}</p>
      </section>
    )
  }
  const doc = parsed.data
  return (
    <article className="page page--reading" data-testid="page.policy">
      <h1 className="page__title" data-testid="page.title">
        {doc.title}
      </h1>
      <p className="page__meta">{doc.updated}</p>
      <p className="note" data-testid="policy.authoritative">
        {t(AUTHORITATIVE[policy.authoritative])}
      </p>
      {doc.intro ? <p className="page__lead">{doc.intro}</p> : null}
      {doc.sections.map((section) => (
        <section key={section.heading} className="doc-section">
          <h2>{section.heading}</h2>
          {section.paragraphs.map((paragraph, i) => (
            <p key={i}>
              {paragraph}
              {mentionsSupport(paragraph) && (
                <>
                  {' '}
                  <SupportLink testId="policy.support" />
                </>
              )}
            </p>
          ))}
        </section>
      ))}
    </article>
  )
}
