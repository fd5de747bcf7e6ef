import { Suspense, createElement, useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { CloseIcon } from '../../components/icons'
import { useModals, type ModalName } from '../../stores/modals'
import { modalBody } from './slots'

/** Title keys per modal, written out so the i18n key test sees them. */
const TITLES: Record<ModalName, string> = {
  PayIn: 'modals:PayIn.title',
  SuccessPayment: 'modals:SuccessPayment.title',
  Login: 'modals:Login.title',
  LoginByEmail: 'modals:LoginByEmail.title',
  ConfirmByPhone: 'modals:ConfirmByPhone.title',
  Register: 'modals:Register.title',
  Verification: 'modals:Verification.title',
}

const TITLE_ID = 'modal-title'

/**
 * The one dialog of the app, showing whichever modal the store holds. A native modal <dialog>
 * makes the page behind it inert (focus stays inside), Escape closes it, and focus returns to the
 * element that was focused before it opened.
 */
export function ModalHost() {
  const { t } = useTranslation()
  const current = useModals((s) => s.current)
  const close = useModals((s) => s.close)
  const dialog = useRef<HTMLDialogElement>(null)
  const returnFocus = useRef<HTMLElement | null>(null)

  useEffect(() => {
    const element = dialog.current
    if (!element) return
    if (current && !element.open) {
      returnFocus.current =
        document.activeElement instanceof HTMLElement ? document.activeElement : null
      // jsdom has no showModal; the attribute keeps unit tests meaningful there.
      if (typeof element.showModal === 'function') element.showModal()
      else element.setAttribute('open', '')
      element.querySelector<HTMLElement>('[data-autofocus]')?.focus()
    } else if (!current && element.open) {
      if (typeof element.close === 'function') element.close()
      else element.removeAttribute('open')
      returnFocus.current?.focus()
      returnFocus.current = null
    }
  }, [current])

  // Registered once at startup, so the component identity is stable across renders.
  const body = current ? modalBody(current) : undefined
  return (
    <dialog
      ref={dialog}
      className="modal"
      aria-labelledby={TITLE_ID}
      data-testid="modal.dialog"
      data-modal={current ?? undefined}
      onCancel={(event) => {
        // Escape: let the store close it, so the URL flag goes too.
        event.preventDefault()
        close()
      }}
    >
      {current && (
        <div className="modal__panel">
          <div className="modal__header">
            <h2 id={TITLE_ID} className="modal__title">
              {t(TITLES[current])}
            </h2>
            <button
              type="button"
              className="icon-button"
              aria-label={t('common:actions.close')}
              data-testid="modal.close-button"
              data-autofocus
              onClick={close}
            >
              <CloseIcon />
            </button>
          </div>
          <div className="modal__body">
            {body ? (
              // Bodies may be lazy (their forms and machines stay off the first load).
              <Suspense fallback={<p role="status">{t('common:loading')}</p>}>
                {createElement(body, { close })}
              </Suspense>
            ) : (
              // Every body is registered at start (features/session); this line only shows if
              // one was not, instead of an empty dialog.
              <p>{t('modals:unavailable')}</p>
            )}
          </div>
        </div>
      )}
    </dialog>
  )
}
