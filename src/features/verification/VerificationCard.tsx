import { Link } from '@tanstack/react-router'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'

import type { User } from '../../../contract'
import { verificationPhase, type VerificationPhase } from '../../flows/verification.status'
import { withoutModalFlags } from '../modals/urlSync'
import './verificationCard.css'
import { SupportLink } from '../support/SupportLink'

type Search = Record<string, unknown>

/** Status word and explanation per phase, written out for the i18n key test. */
const CARD_TEXTS: Record<VerificationPhase, { status: string; text: string }> = {
  start: { status: 'verification:card.status.start', text: 'verification:card.text.start' },
  pending: { status: 'verification:card.status.pending', text: 'verification:card.text.pending' },
  failed: { status: 'verification:card.status.failed', text: 'verification:card.text.failed' },
  success: { status: 'verification:card.status.success', text: 'verification:card.text.success' },
}

/**
 * Whether the player is asked to act: the server says verification is needed, or the last
 * review did not confirm them (failed, unverified). A review in progress or done asks nothing.
 */
export function verificationWanted(verification: User['verification']): boolean {
  return verification.is_need || verificationPhase(verification) === 'failed'
}

/**
 * The profile's identity-verification block: the KYC status mapped as SPEC.md section 4 says,
 * and, when the player is asked to act, "Verify identity", which adds the `verification` query
 * flag and so opens the Verification modal (closing it takes the flag away again).
 */
export function VerificationCard({ verification }: { verification: User['verification'] }) {
  const { t } = useTranslation()
  const id = useId()
  const phase = verificationPhase(verification)
  const texts = CARD_TEXTS[phase]
  const wanted = verificationWanted(verification)
  return (
    <section
      className="profile-card verification-card"
      aria-labelledby={`${id}-title`}
      data-testid="profile.verification"
      data-phase={phase}
    >
      <div className="verification-card__head">
        <h2 id={`${id}-title`} className="profile-card__title">
          {t('verification:card.title')}
        </h2>
        <span
          className={`verification-card__status verification-card__status--${phase}`}
          data-testid="profile.verification-status"
        >
          {t(texts.status)}
        </span>
      </div>
      <p className="verification-card__text">
        {wanted && phase !== 'failed' ? t('verification:card.required') : t(texts.text)}
        {(wanted || phase === 'failed') && (
          <>
            {' '}
            <SupportLink testId="profile.verification-support" />
          </>
        )}
      </p>
      {wanted && (
        <Link
          to="."
          search={(prev: Search) => ({ ...withoutModalFlags(prev), verification: '' })}
          className="button button--primary verification-card__action"
          data-testid="profile.verify-button"
        >
          {t('verification:card.verify')}
        </Link>
      )}
    </section>
  )
}
