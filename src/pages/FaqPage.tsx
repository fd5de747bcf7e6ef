import { useTranslation } from 'react-i18next'
import { useNamespaces } from '../i18n'
import { faqDoc } from './contentSchemas'

/** The FAQ of locales/<lang>/faq.json as disclosure widgets (native, keyboard accessible). */
export function FaqPage() {
  const { t, i18n } = useTranslation()
  const ready = useNamespaces(['faq'])
  if (!ready) return <section className="page" aria-busy="true" data-testid="page.faq" />
  // The whole namespace is the document, so it is read as a bundle rather than key by key.
  const parsed = faqDoc.safeParse(i18n.getResourceBundle(i18n.language, 'faq'))
  if (!parsed.success) {
    return (
      <section className="page" data-testid="page.faq">
        <h1 className="page__title" data-testid="page.title">
          {t('pages:faq.title')}
        </h1>
        <p className="page__lead">{t('pages:faq.unavailable')}</p>
      </section>
    )
  }
  const faq = parsed.data
  return (
    <article className="page page--reading" data-testid="page.faq">
      <h1 className="page__title" data-testid="page.title">
        {faq.title}
      </h1>
      <p className="page__lead">{faq.intro}</p>
      <div className="faq">
        {faq.items.map((item) => (
          <details
            key={item.id}
            id={`faq-${item.id}`}
            className="faq__item"
            data-testid={`faq.item-${item.id}`}
          >
            <summary>{item.question}</summary>
            <p>{item.answer}</p>
          </details>
        ))}
      </div>
    </article>
  )
}
