/**
 * Code a game page needs only once a player asks for it (the proof maths: SHA-256 and HMAC from
 * games/engine/fairness), loaded then rather than with the page: a phone on a slow link spends
 * its first seconds on what it shows first.
 */
import { useEffect, useState } from 'react'

/** A module behind a dynamic import, loaded once; a failed load is tried again on the next ask. */
export interface LazyModule<M> {
  /** The module, when it has loaded. */
  peek(): M | undefined
  /** Loads it (once); rejects when the chunk cannot be fetched. */
  load(): Promise<M>
}

/** Wraps `load` (`() => import('…')`) so every reader shares one load. */
export function lazyModule<M>(load: () => Promise<M>): LazyModule<M> {
  let value: M | undefined
  let loading: Promise<M> | undefined
  return {
    peek: () => value,
    load: () =>
      (loading ??= load().then(
        (loaded) => (value = loaded),
        (error: unknown) => {
          loading = undefined
          throw error
        },
      )),
  }
}

/** A lazy module as a component reads it: loading, failed (with a retry), or ready. */
export type Loaded<M> =
  | { status: 'loading'; retry: () => void }
  | { status: 'failed'; retry: () => void }
  | { status: 'ready'; module: M; retry: () => void }

/** Loads `lazy` when the component mounts (and again on `retry` after a failure). */
export function useLazyModule<M>(lazy: LazyModule<M>): Loaded<M> {
  const [attempt, setAttempt] = useState(0)
  const [failedAt, setFailedAt] = useState<number | null>(null)
  const [module, setModule] = useState<M | undefined>(() => lazy.peek())
  useEffect(() => {
    if (module !== undefined) return
    let live = true
    lazy.load().then(
      (loaded) => {
        if (live) setModule(() => loaded)
      },
      () => {
        if (live) setFailedAt(attempt)
      },
    )
    return () => {
      live = false
    }
  }, [lazy, module, attempt])
  const retry = () => setAttempt((n) => n + 1)
  if (module !== undefined) return { status: 'ready', module, retry }
  return { status: failedAt === attempt ? 'failed' : 'loading', retry }
}
