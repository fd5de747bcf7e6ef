import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'

import { CloseIcon } from '../../components/icons'
import { useModals } from '../../stores/modals'
import { useSession } from '../../stores/session'
import { useAdBonus } from './adBonus'

const TITLE_ID = 'ad-bonus-title'

/**
 * Tells the player about the ad bonus POST /middleware/utm answered (SPEC.md section 3): a modal
 * dialog with the app's modal look, opened when no other modal is open (the sign-up a `?signup`
 * link opens comes first). "Sign up" opens the Register modal for a visitor.
 */
export function AdBonusDialog() {
  const { t } = useTranslation()
  const bonus = useAdBonus((s) => s.bonus)
  const dismiss = useAdBonus((s) => s.dismiss)
  const otherModal = useModals((s) => s.current)
  const signedIn = useSession((s) => s.user !== null)
  const dialog = useRef<HTMLDialogElement>(null)
  const visible = bonus !== null && otherModal === null

  useEffect(() => {
    const element = dialog.current
    if (!element) return
    if (visible && !element.open) {
      if (typeof element.showModal === 'function') element.showModal()
      else element.setAttribute('open', '')
    } else if (!visible && element.open) {
      if (typeof element.close === 'function') element.close()
      else element.removeAttribute('open')
    }
  }, [visible])

  const offer =
    bonus?.type === 'free_spins'
      ? t('attribution:adBonus.freeSpins', { value: bonus.value })
      : t('attribution:adBonus.other', { value: bonus?.value ?? '' })
  return (
    <dialog
      ref={dialog}
      className="modal"
      aria-labelledby={TITLE_ID}
      data-testid="ad-bonus.dialog"
      onCancel={(event) => {
        event.preventDefault()
        dismiss()
      }}
    >
      {visible && (
        <div className="modal__panel">
          <div className="modal__header">
            <h2 id={TITLE_ID} className="modal__title">
              {t('attribution:adBonus.title')}
            </h2>
            <button
              type="button"
              className="icon-button"
              aria-label={t('common:actions.close')}
              data-testid="ad-bonus.close"
              onClick={dismiss}
            >
              <CloseIcon />
            </button>
          </div>
          <div className="modal__body">
            <p data-testid="ad-bonus.offer">{offer}</p>
            <p>{t(signedIn ? 'attribution:adBonus.linked' : 'attribution:adBonus.signUpHint')}</p>
            {!signedIn && (
              <button
                type="button"
                className="button button--primary"
                data-testid="ad-bonus.sign-up"
                onClick={() => {
                  dismiss()
                  useModals.getState().open('Register')
                }}
              >
                {t('attribution:adBonus.signUp')}
              </button>
            )}
          </div>
        </div>
      )}
    </dialog>
  )
}
