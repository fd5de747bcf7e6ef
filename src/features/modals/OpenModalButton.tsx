import type { ReactNode } from 'react'
import { useModals, type ModalName } from '../../stores/modals'

/**
 * A primary button that leaves what the player is in (`before`: dismiss a dialog, close a panel)
 * and opens one of the app's modals, e.g. Log in from the support chat or Sign up from the ad
 * bonus. One modal shows at a time, so whatever is open must close first.
 */
export function OpenModalButton({
  modal,
  before,
  testId,
  children,
}: {
  modal: ModalName
  before?: () => void
  testId: string
  children: ReactNode
}) {
  return (
    <button
      type="button"
      className="button button--primary"
      data-testid={testId}
      onClick={() => {
        before?.()
        useModals.getState().open(modal)
      }}
    >
      {children}
    </button>
  )
}
