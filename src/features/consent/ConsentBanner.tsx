import { useEffect, useId, useRef, useState } from 'react'
import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'

import {
  ALL_ALLOWED,
  NECESSARY_ONLY,
  useConsent,
  type ConsentCategory,
  type ConsentChoice,
} from './consent'
import './consentBanner.css'

/** Each category's name and text, written out so the i18n key test sees them. */
const CATEGORIES: readonly { id: ConsentCategory; name: string; text: string }[] = [
  { id: 'analytics', name: 'consent:analytics.name', text: 'consent:analytics.text' },
  { id: 'marketing', name: 'consent:marketing.name', text: 'consent:marketing.text' },
]

/** The banner itself, loaded when it is first shown (see ConsentGate.tsx). */
export function BannerBody({
  choice,
  editing,
}: {
  choice: ConsentChoice | null
  editing: boolean
}) {
  const { t } = useTranslation()
  const choose = useConsent((s) => s.choose)
  const cancelEdit = useConsent((s) => s.cancelEdit)
  const [details, setDetails] = useState(editing)
  const [picked, setPicked] = useState<ConsentChoice>(choice ?? NECESSARY_ONLY)
  const region = useRef<HTMLElement>(null)
  const [height, setHeight] = useState(0)
  const id = useId()

  useEffect(() => {
    const element = region.current
    if (!element) return
    // Reopened from the footer: focus moves into the banner, and Escape leaves the choice as it was.
    if (editing) element.focus()
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && choice !== null) cancelEdit()
    }
    element.addEventListener('keydown', onKey)
    // The first observation comes at once, so the spacer matches from the first frame on.
    const observer =
      typeof ResizeObserver === 'undefined'
        ? undefined
        : new ResizeObserver(() => setHeight(element.offsetHeight))
    observer?.observe(element)
    return () => {
      element.removeEventListener('keydown', onKey)
      observer?.disconnect()
    }
  }, [editing, choice, cancelEdit])

  const titleId = `${id}-title`
  return (
    <>
      <div className="consent-spacer" style={{ height }} aria-hidden="true" />
      <section
        ref={region}
        className="consent-banner"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-testid="consent.banner"
      >
        <div className="consent-banner__text">
          <h2 id={titleId} className="consent-banner__title">
            {t('consent:title')}
          </h2>
          <p className="consent-banner__lead">
            {t('consent:lead')}{' '}
            <Link to="/policy/ru/confidential" data-testid="consent.policy-link">
              {t('consent:policyLink')}
            </Link>
          </p>
        </div>
        {details && (
          <fieldset className="consent-banner__categories" data-testid="consent.categories">
            <legend className="consent-banner__legend">{t('consent:categories')}</legend>
            <label className="consent-banner__category">
              <input type="checkbox" checked disabled />
              <span>
                <strong>{t('consent:necessary.name')}</strong> {t('consent:necessary.text')}
              </span>
            </label>
            {CATEGORIES.map(({ id: category, name, text }) => (
              <label key={category} className="consent-banner__category">
                <input
                  type="checkbox"
                  checked={picked[category]}
                  data-testid={`consent.${category}`}
                  onChange={(event) =>
                    setPicked((prev) => ({ ...prev, [category]: event.target.checked }))
                  }
                />
                <span>
                  <strong>{t(name)}</strong> {t(text)}
                </span>
              </label>
            ))}
          </fieldset>
        )}
        <div className="consent-banner__actions">
          <button
            type="button"
            className="button button--primary"
            data-testid="consent.accept-all"
            onClick={() => choose(ALL_ALLOWED)}
          >
            {t('consent:acceptAll')}
          </button>
          <button
            type="button"
            className="button"
            data-testid="consent.necessary-only"
            onClick={() => choose(NECESSARY_ONLY)}
          >
            {t('consent:necessaryOnly')}
          </button>
          {details ? (
            <button
              type="button"
              className="button"
              data-testid="consent.save"
              onClick={() => choose(picked)}
            >
              {t('consent:save')}
            </button>
          ) : (
            <button
              type="button"
              className="button button--ghost"
              aria-expanded={false}
              data-testid="consent.choose"
              onClick={() => setDetails(true)}
            >
              {t('consent:choose')}
            </button>
          )}
        </div>
      </section>
    </>
  )
}
