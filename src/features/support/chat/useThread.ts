import { useCallback, useEffect, useRef, useState } from 'react'
import { isApiError } from '../../../api'
import { SUPPORT_MAX_FILE_BYTES, type SupportMessage } from '../../../../contract'
import type { SupportApi } from '../api'

/** How often an open chat asks for new messages (an operator's reply). */
export const POLL_MS = 3000

/** The server's codes for a refused document, each translated as `errors:error.<code>`. */
const FILE_CODES = ['support_file_type', 'support_file_too_big'] as const
type FileCode = (typeof FILE_CODES)[number]

/** What went wrong, as the key of its translated line. */
export type ThreadProblem = 'loadFailed' | 'sendFailed' | FileCode

function fileCode(error: unknown): FileCode | undefined {
  if (!isApiError(error) || error.failure.type !== 'http') return undefined
  const body = error.failure.body as { data?: { message?: unknown } } | undefined
  const code = body?.data?.message
  return FILE_CODES.find((c) => c === code)
}

/** Adds messages the list lacks, in id order (a poll and a send may both bring one). */
function merge(list: SupportMessage[], more: SupportMessage[]): SupportMessage[] {
  const ids = new Set(list.map((m) => m.id))
  const fresh = more.filter((m) => !ids.has(m.id))
  return fresh.length === 0 ? list : [...list, ...fresh].sort((a, b) => a.id - b.id)
}

/**
 * The player's thread while the chat is open: loaded, then polled every {@link POLL_MS} for
 * replies; sending a text or a document adds it at once.
 */
export function useThread(api: SupportApi, active: boolean) {
  const [messages, setMessages] = useState<SupportMessage[]>([])
  const [loaded, setLoaded] = useState(false)
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<ThreadProblem | null>(null)
  const last = useRef(0)

  const add = useCallback((more: SupportMessage[]) => {
    setMessages((list) => {
      const next = merge(list, more)
      last.current = next.at(-1)?.id ?? 0
      return next
    })
  }, [])

  useEffect(() => {
    if (!active) return
    let stopped = false
    const poll = async () => {
      try {
        const more = await api.messages(last.current || undefined)
        if (stopped) return
        add(more)
        setLoaded(true)
        setProblem((p) => (p === 'loadFailed' ? null : p))
      } catch {
        if (!stopped) setProblem('loadFailed')
      }
    }
    void poll()
    const timer = window.setInterval(() => void poll(), POLL_MS)
    return () => {
      stopped = true
      window.clearInterval(timer)
    }
  }, [api, active, add])

  const run = useCallback(
    async (send: () => Promise<SupportMessage>): Promise<boolean> => {
      setBusy(true)
      setProblem(null)
      try {
        add([await send()])
        return true
      } catch (error) {
        setProblem(fileCode(error) ?? 'sendFailed')
        return false
      } finally {
        setBusy(false)
      }
    },
    [add],
  )

  const send = useCallback(
    (body: string, page: string | null) => run(() => api.send(body, page)),
    [api, run],
  )
  const upload = useCallback(
    async (file: File, page: string | null) => {
      // Checked here too, so a large file is not sent only to be refused.
      if (file.size > SUPPORT_MAX_FILE_BYTES) {
        setProblem('support_file_too_big')
        return false
      }
      return run(() => api.upload(file, page))
    },
    [api, run],
  )

  return { messages, loaded, busy, problem, send, upload }
}
