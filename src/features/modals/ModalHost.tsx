import { Suspense, createElement } from 'react'
import { useTranslation } from 'react-i18next'
import { ModalFrame } from '../../components/ModalFrame'
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

/**
 * The one dialog of the app for the modals the store names (features/modals/slots), in the
 * shared {@link ModalFrame}: the page behind is inert, Escape closes it through the store (so the
 * URL flag goes too), and focus returns where it was.
 */
export function ModalHost() {
  const { t } = useTranslation()
  const current = useModals((s) => s.current)
  const close = useModals((s) => s.close)

  // Registered once at startup, so the component identity is stable across renders.
  const body = current ? modalBody(current) : undefined
  return (
    <ModalFrame
      open={current !== null}
      title={current ? t(TITLES[current]) : null}
      titleId="modal-title"
      testId="modal.dialog"
      closeTestId="modal.close-button"
      dataModal={current ?? undefined}
      onClose={close}
    >
      {body ? (
        // Bodies may be lazy (their forms and machines stay off the first load).
        <Suspense fallback={<p role="status">{t('common:loading')}</p>}>
          {createElement(body, { close })}
        </Suspense>
      ) : (
        // Every body is registered at start (features/session); this line only shows if one was
        // not, instead of an empty dialog.
        <p>{t('modals:unavailable')}</p>
      )}
    </ModalFrame>
  )
}
