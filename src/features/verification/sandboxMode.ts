import { useEffect, useState } from 'react'

import type { Api } from '../../api'
import { clientConfigOnce } from '../session/clientConfig'

let asked: Promise<boolean> | undefined

/**
 * Whether the server runs in sandbox mode (GET /config), asked once per page load. A failed
 * call counts as production: the sandbox controls must never show by mistake.
 */
export function isSandbox(api: Pick<Api, 'misc'>): Promise<boolean> {
  asked ??= clientConfigOnce(api)
    .then((config) => config.mode === 'sandbox')
    .catch(() => false)
  return asked
}

/** {@link isSandbox} for a component: false until the server has said sandbox. */
export function useSandboxMode(api: Pick<Api, 'misc'>): boolean {
  const [sandbox, setSandbox] = useState(false)
  useEffect(() => {
    let live = true
    void isSandbox(api).then((value) => {
      if (live) setSandbox(value)
    })
    return () => {
      live = false
    }
  }, [api])
  return sandbox
}

/** Forgets the answer (tests). */
export function resetSandboxMode(): void {
  asked = undefined
}
