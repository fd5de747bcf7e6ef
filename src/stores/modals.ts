import { create } from 'zustand'

/** Every modal of SPEC.md section 2. Only one is open at a time. */
export const MODAL_NAMES = [
  'PayIn',
  'SuccessPayment',
  'Login',
  'LoginByEmail',
  'ConfirmByPhone',
  'Register',
  'Verification',
] as const

/** A modal's name; also the key of its body in the modal slot registry. */
export type ModalName = (typeof MODAL_NAMES)[number]

/** Which modal is open. */
export interface ModalsState {
  current: ModalName | null
  /** Opens a modal, replacing any open one (one at a time). */
  open: (name: ModalName) => void
  /** Closes whatever is open. */
  close: () => void
}

/** The modal store. Query flags drive it through src/features/modals/urlSync.ts. */
export const useModals = create<ModalsState>()((set) => ({
  current: null,
  open: (name) => set({ current: name }),
  close: () => set({ current: null }),
}))
