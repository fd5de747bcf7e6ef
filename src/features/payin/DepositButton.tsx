import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'

import { withoutModalFlags } from '../modals/urlSync'
import './depositButton.css'

type Search = Record<string, unknown>

/**
 * The header's Deposit button: adds the `deposit` query flag, which opens PayIn (and goes when
 * it closes). On phones it shrinks to a plus sign; its name stays the translated word.
 */
export function DepositButton() {
  const { t } = useTranslation()
  return (
    <Link
      to="."
      search={(prev: Search) => ({ ...withoutModalFlags(prev), deposit: '' })}
      className="button button--primary deposit-button"
      data-testid="header.deposit-button"
    >
      <svg
        className="deposit-button__icon"
        width="16"
        height="16"
        viewBox="0 0 16 16"
        aria-hidden="true"
        focusable="false"
      >
        <path d="M8 2v12M2 8h12" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
      </svg>
      <span className="deposit-button__label">{t('payin:header.deposit')}</span>
    </Link>
  )
}
