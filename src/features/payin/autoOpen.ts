import { startPayInAutoOpen } from '../../flows/payInAutoOpen'
import { useModals } from '../../stores/modals'
import { useSession } from '../../stores/session'

/**
 * Starts the PayIn auto-open rule (src/flows/payInAutoOpen.ts) on the app's session and modal
 * stores. Called once at start, before the user is fetched, so a kept session counts as seen.
 */
export function startAppPayInAutoOpen(): () => void {
  return startPayInAutoOpen({
    currentUser: () => useSession.getState().user,
    subscribe: (listener) =>
      useSession.subscribe((state, previous) => {
        if (state.user !== previous.user) listener()
      }),
    isModalOpen: () => useModals.getState().current !== null,
    openPayIn: () => useModals.getState().open('PayIn'),
    setTimer: (fire, ms) => setTimeout(fire, ms),
    clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
  })
}
