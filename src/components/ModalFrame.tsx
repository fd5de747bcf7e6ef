import { useEffect, useRef, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { CloseIcon } from './icons'

/** What a {@link ModalFrame} shows and how it reports a close. */
export interface ModalFrameProps {
  /** Shown as a modal while true; the panel is not rendered while false. */
  open: boolean
  /** The heading, which also labels the dialog. */
  title: ReactNode
  titleId: string
  /** Test ids of the dialog and of its close button. */
  testId: string
  closeTestId: string
  /** The close button and Escape call this; the owner decides whether `open` turns false. */
  onClose: () => void
  /** A data-* value for the dialog, e.g. which modal it shows. */
  dataModal?: string
  children: ReactNode
}

/**
 * The app's modal look and behaviour, shared by the modal host and the dialogs that open on their
 * own (the ad bonus): a native modal <dialog>, which makes the page behind it inert, with a heading
 * and a close button. Escape goes through `onClose`, so a store that owns the state closes it, and
 * focus returns to the element that was focused before it opened.
 */
export function ModalFrame({
  open,
  title,
  titleId,
  testId,
  closeTestId,
  onClose,
  dataModal,
  children,
}: ModalFrameProps) {
  const { t } = useTranslation()
  const dialog = useRef<HTMLDialogElement>(null)
  const returnFocus = useRef<HTMLElement | null>(null)

  useEffect(() => {
    const element = dialog.current
    if (!element) return
    if (open && !element.open) {
      returnFocus.current =
        document.activeElement instanceof HTMLElement ? document.activeElement : null
      // jsdom has no showModal; the attribute keeps unit tests meaningful there.
      if (typeof element.showModal === 'function') element.showModal()
      else element.setAttribute('open', '')
      element.querySelector<HTMLElement>('[data-autofocus]')?.focus()
    } else if (!open && element.open) {
      if (typeof element.close === 'function') element.close()
      else element.removeAttribute('open')
      returnFocus.current?.focus()
      returnFocus.current = null
    }
  }, [open])

  return (
    <dialog
      ref={dialog}
      className="modal"
      aria-labelledby={titleId}
      data-testid={testId}
      data-modal={dataModal}
      onCancel={(event) => {
        // Escape: let the owner close it, so whatever it keeps (a URL flag) goes too.
        event.preventDefault()
        onClose()
      }}
    >
      {open && (
        <div className="modal__panel">
          <div className="modal__header">
            <h2 id={titleId} className="modal__title">
              {title}
            </h2>
            <button
              type="button"
              className="icon-button"
              aria-label={t('common:actions.close')}
              data-testid={closeTestId}
              data-autofocus
              onClick={onClose}
            >
              <CloseIcon />
            </button>
          </div>
          <div className="modal__body">{children}</div>
        </div>
      )}
    </dialog>
  )
}
