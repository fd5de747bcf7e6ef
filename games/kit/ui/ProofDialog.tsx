import { useEffect, useState, type ReactNode } from 'react'
import type { LoadProof } from './proof'
import { useModalDialog } from './useModalDialog'

/** Where a proof stands: at hand, being asked for, unknown to the service, or not loaded. */
export type ProofStatus = 'ready' | 'loading' | 'notFound' | 'failed'

/** Props of `ProofDialog`. */
export interface ProofDialogProps {
  /** Test ids read `<game>.fairness-dialog` and `<game>.fairness-message`. */
  game: string
  /** The heading, translated. */
  title: string
  status: ProofStatus
  /** What to say while not ready (translated); the game knows its own words. */
  message: string
  closeLabel: string
  /** Asks again after a failed load; the retry button shows only with it. */
  retry?: { label: string; onRetry: () => void }
  onClose: () => void
  /** The proof itself, shown when ready: the game's own content. */
  children?: ReactNode
  /** The dialog's test id when it holds something else than a proof (`<game>.shortcuts-dialog`). */
  testId?: string
}

/**
 * The modal around a game's fairness proof, and every other game dialog (seeds, shortcuts): it
 * holds and returns focus as the shell's dialogs do (`useModalDialog`), focuses Close when it
 * opens, Esc and a click on the backdrop close it, the status is in `data-status` and `aria-busy`, and the
 * game's proof content is inside.
 */
export function ProofDialog(props: ProofDialogProps) {
  const { game, status, onClose } = props
  const dialog = useModalDialog(onClose)
  const testId = props.testId ?? `${game}.fairness-dialog`
  const titleId = props.testId ? `${testId.replace('.', '-')}-title` : `${game}-fairness-title`
  return (
    <dialog
      ref={dialog}
      className="game-dialog"
      aria-labelledby={titleId}
      aria-busy={status === 'loading'}
      data-testid={testId}
      data-status={status}
    >
      <div className="game-dialog__body">
        <h2 id={titleId}>{props.title}</h2>
        {status === 'ready' ? (
          props.children
        ) : (
          <p
            role={status === 'loading' ? 'status' : 'alert'}
            data-testid={`${game}.fairness-message`}
          >
            {props.message}
          </p>
        )}
        <div className="game-dialog__actions">
          {status === 'failed' && props.retry ? (
            <button type="button" className="button button--ghost" onClick={props.retry.onRetry}>
              {props.retry.label}
            </button>
          ) : null}
          <button type="button" className="button button--primary" data-autofocus onClick={onClose}>
            {props.closeLabel}
          </button>
        </div>
      </div>
    </dialog>
  )
}

/** A proof being fetched by id: its status, the proof once ready, and a retry. */
export interface ProofRequest<T> {
  status: ProofStatus
  proof: T | null
  retry: () => void
}

/**
 * Fetches the proof of round `id` with `load`, again on `retry`; a new id or a retry shows
 * "loading" at once, and an answer to an earlier request is never shown for a later one.
 */
export function useProofRequest<Id extends string, T>(
  id: Id,
  load: LoadProof<Id, T>,
): ProofRequest<T> {
  const [attempt, setAttempt] = useState(0)
  const [result, setResult] = useState<{
    key: string
    status: ProofStatus
    proof: T | null
  } | null>(null)
  const key = `${id}#${attempt}`
  useEffect(() => {
    const abort = new AbortController()
    load(id, abort.signal).then(
      (answer) => {
        if (abort.signal.aborted) return
        setResult(
          answer.type === 'ok'
            ? { key, status: 'ready', proof: answer.proof }
            : { key, status: answer.type, proof: null },
        )
      },
      (error: unknown) => {
        if (abort.signal.aborted) return
        setResult({ key, status: 'failed', proof: null })
        throw error // a protocol mismatch is a bug: let it reach the error reporting
      },
    )
    return () => abort.abort()
  }, [load, id, key])
  const current = result?.key === key ? result : null
  return {
    status: current?.status ?? 'loading',
    proof: current?.proof ?? null,
    retry: () => setAttempt((n) => n + 1),
  }
}
