import { create } from 'zustand'

/** The built-in chat's own state: whether it is open, and the page the widget was last told. */
export const useChat = create<{ open: boolean; page: string | null }>()(() => ({
  open: false,
  page: null,
}))
