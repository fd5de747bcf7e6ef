import type { ComponentType } from 'react'
import type { ModalName } from '../../stores/modals'

/** What a modal body receives: a way to close its dialog. */
export interface ModalBodyProps {
  close: () => void
}

const bodies = new Map<ModalName, ComponentType<ModalBodyProps>>()

/**
 * Fills a modal's body. The account-flows code registers its forms here (e.g.
 * `registerModalBody('Login', LoginForm)`); a modal without one shows a line saying it is not
 * available.
 */
export function registerModalBody(name: ModalName, body: ComponentType<ModalBodyProps>): void {
  bodies.set(name, body)
}

/** The registered body of a modal, if any. */
export function modalBody(name: ModalName): ComponentType<ModalBodyProps> | undefined {
  return bodies.get(name)
}
