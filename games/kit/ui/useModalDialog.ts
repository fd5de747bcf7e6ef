import { useEffect, useEffectEvent, useRef } from 'react'

/**
 * A game dialog's hold on focus, the way the shell's `ModalHost` (src/features/modals) holds it:
 * a native modal `<dialog>` (`showModal`) makes the page behind it inert, so Tab stays inside;
 * the element marked `data-autofocus` takes focus when it opens; Escape closes it through
 * `onClose` (the browser's own close is cancelled so React's state stays the truth), and so does
 * a click on the backdrop (on the dialog box itself, outside its body: give the box no padding,
 * the mouse's shortcut for the Close button the keyboard has); and focus
 * returns to the element that had it before, when the dialog closes or unmounts. A modal dialog
 * sits in the top layer, so it shows above a game in full screen too.
 *
 * Call it once per opening (mount the dialog to open it) and put the ref on the `<dialog>`.
 */
export function useModalDialog(onClose: () => void) {
  const ref = useRef<HTMLDialogElement>(null)
  // Games re-render on every stream event with a new `onClose`: bind once per opening.
  const close = useEffectEvent(() => onClose())
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    const returnFocus =
      document.activeElement instanceof HTMLElement ? document.activeElement : null
    // jsdom has no showModal; the attribute keeps unit tests meaningful there (as ModalHost).
    if (typeof dialog.showModal === 'function') {
      if (!dialog.open) dialog.showModal()
    } else dialog.setAttribute('open', '')
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus()
    let closed = false
    const closeOnce = () => {
      if (closed) return
      closed = true
      close()
    }
    const onCancel = (event: Event) => {
      event.preventDefault()
      closeOnce()
    }
    // Escape is taken on the window, in the capture phase: jsdom fires no `cancel`, and a full
    // screen or theatre layout under the dialog (useFullscreen) sees the key as handled
    // (`defaultPrevented`) and stays.
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault()
        closeOnce()
      }
    }
    const onClick = (event: MouseEvent) => {
      if (event.target === dialog) closeOnce()
    }
    dialog.addEventListener('cancel', onCancel)
    window.addEventListener('keydown', onKey, true)
    dialog.addEventListener('click', onClick)
    return () => {
      dialog.removeEventListener('click', onClick)
      dialog.removeEventListener('cancel', onCancel)
      window.removeEventListener('keydown', onKey, true)
      if (typeof dialog.close === 'function' && dialog.open) dialog.close()
      if (returnFocus?.isConnected) returnFocus.focus()
    }
  }, [])
  return ref
}
