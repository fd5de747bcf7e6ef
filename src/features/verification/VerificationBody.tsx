import { useEffect, type ComponentType } from 'react'
import { Link } from '@tanstack/react-router'
import { useMachine } from '@xstate/react'
import { useTranslation } from 'react-i18next'

import { errorNotification, type Api } from '../../api'
import {
  phaseOf,
  type VerificationMachine,
  type VerificationProblem,
} from '../../flows/verification.machine'
import { useModals } from '../../stores/modals'
import { useSession } from '../../stores/session'
import type { ModalBodyProps } from '../modals/slots'
import { translateError } from '../session/api'
import { useSandboxMode } from './sandboxMode'
import '../session/form.css'
import './verification.css'
import { SupportLink } from '../support/SupportLink'

/** Title and text per phase, written out for the i18n key test. */
const PHASE_TEXTS = {
  signedOut: {
    title: 'verification:phase.signedOut.title',
    text: 'verification:phase.signedOut.text',
  },
  start: { title: 'verification:phase.start.title', text: 'verification:phase.start.text' },
  pending: { title: 'verification:phase.pending.title', text: 'verification:phase.pending.text' },
  failed: { title: 'verification:phase.failed.title', text: 'verification:phase.failed.text' },
  success: { title: 'verification:phase.success.title', text: 'verification:phase.success.text' },
} as const

const START_REQUIRED = 'verification:phase.start.required'
const UNEXPECTED = 'verification:unexpected'

/**
 * The body of the Verification modal for a verification machine (provided at the app edge, or
 * with fakes in tests): the player's KYC phase in words, kept fresh while pending, and in sandbox
 * mode (the server's GET /config) a button that asks the sandbox reviewer for the next step.
 * Closing the modal unmounts the body, which stops the machine and its polling.
 */
export function createVerificationBody(
  machine: VerificationMachine,
  api: Pick<Api, 'misc'>,
): ComponentType<ModalBodyProps> {
  return function VerificationBody({ close }: ModalBodyProps) {
    const { t } = useTranslation()
    const verification = useSession((s) => s.user?.verification ?? null)
    const [snapshot, send] = useMachine(machine, { input: { verification } })
    const sandbox = useSandboxMode(api)

    // Another fetch of the user (log-in, log-out, the header) is news for the machine too.
    useEffect(() => {
      send({ type: 'USER', verification })
    }, [verification, send])

    const { context } = snapshot
    const phase = phaseOf(context.verification)
    const texts = PHASE_TEXTS[phase]
    const advancing = snapshot.matches('advancing')
    const needed = context.verification?.is_need === true

    return (
      <div className="verification" data-testid="verification.body" data-phase={phase}>
        <div
          className={`verification__state verification__state--${phase}`}
          role="status"
          data-testid="verification.state"
        >
          <p className="verification__title">{t(texts.title)}</p>
          <p className="verification__text">
            {phase === 'start' && needed ? t(START_REQUIRED) : t(texts.text)}
            {(phase === 'failed' || (phase === 'start' && needed)) && (
              <>
                {' '}
                <SupportLink testId="verification.support" onOpen={close} />
              </>
            )}
          </p>
        </div>
        {phase === 'signedOut' ? (
          <button
            type="button"
            className="button button--primary"
            onClick={() => useModals.getState().open('Login')}
            data-testid="verification.login"
          >
            {t('verification:login')}
          </button>
        ) : (
          <Link
            to="/policy/en/kyc"
            className="verification__policy"
            onClick={close}
            data-testid="verification.policy-link"
          >
            {t('verification:policy')}
          </Link>
        )}
        {sandbox && phase !== 'signedOut' && phase !== 'success' && (
          <div className="verification__sandbox" data-testid="verification.sandbox">
            <p>
              <strong>{t('verification:sandbox.label')}</strong> {t('verification:sandbox.text')}
            </p>
            <button
              type="button"
              className="button button--ghost"
              disabled={advancing}
              onClick={() => send({ type: 'ADVANCE' })}
              data-testid="verification.sandbox-advance"
            >
              {advancing ? t('verification:sandbox.advancing') : t('verification:sandbox.advance')}
            </button>
          </div>
        )}
        <div role="alert" className="auth-form__error" data-testid="verification.error">
          {context.problem ? problemText(context.problem, t(UNEXPECTED)) : null}
        </div>
      </div>
    )
  }
}

function problemText(problem: VerificationProblem, unexpected: string): string {
  if (problem.type === 'unexpected') return unexpected
  return errorNotification(problem.failure, translateError)?.lines.join(' ') ?? unexpected
}
