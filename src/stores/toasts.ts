import { create } from 'zustand'

/** How long a toast stays, and how long it animates in and out (SPEC.md section 9). */
export const TOAST_LIFE_MS = 3000
export const TOAST_ANIMATION_MS = 300

/** What a caller passes: texts are already translated. */
export interface ToastInput {
  kind: 'error' | 'success' | 'info'
  title: string
  lines?: string[]
  /** `support`: the text sends the player to support, so the toast links to the chat. */
  action?: 'support'
}

/** A toast on screen. `leaving` starts the exit animation before it is removed. */
export interface Toast extends ToastInput {
  id: number
  leaving: boolean
}

/** Toasts on screen, oldest first. */
export interface ToastsState {
  toasts: Toast[]
  /** Shows a toast for 3000 ms; returns its id. */
  showToast: (toast: ToastInput) => number
  /** Starts the exit of a toast now (close button). */
  dismiss: (id: number) => void
}

let nextId = 1

/** The toast store; `useToasts.getState().showToast(...)` works outside React too. */
export const useToasts = create<ToastsState>()((set, get) => {
  const remove = (id: number) => set({ toasts: get().toasts.filter((t) => t.id !== id) })
  const dismiss = (id: number) => {
    const toast = get().toasts.find((t) => t.id === id)
    if (!toast || toast.leaving) return
    set({ toasts: get().toasts.map((t) => (t.id === id ? { ...t, leaving: true } : t)) })
    setTimeout(() => remove(id), TOAST_ANIMATION_MS)
  }
  return {
    toasts: [],
    showToast: (input) => {
      const id = nextId++
      set({ toasts: [...get().toasts, { ...input, id, leaving: false }] })
      setTimeout(() => dismiss(id), TOAST_LIFE_MS)
      return id
    },
    dismiss,
  }
})

/** Shorthand for `useToasts.getState().showToast`. */
export function showToast(toast: ToastInput): number {
  return useToasts.getState().showToast(toast)
}
