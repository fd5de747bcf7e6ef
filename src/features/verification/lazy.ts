import { lazy, type ComponentType } from 'react'

import type { Api } from '../../api'
import type { ModalBodyProps } from '../modals/slots'

/**
 * The Verification modal body, loaded when the modal first opens: its machine and texts stay
 * off the first load. Registered in startSession (src/features/session/index.ts).
 */
export function lazyVerificationBody(
  api: Pick<Api, 'profile' | 'misc'>,
): ComponentType<ModalBodyProps> {
  return lazy(async () => {
    const [{ createVerificationBody }, { appVerificationMachine }] = await Promise.all([
      import('./VerificationBody'),
      import('./app'),
    ])
    return { default: createVerificationBody(appVerificationMachine(api), api) }
  })
}
