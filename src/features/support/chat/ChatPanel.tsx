import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { CloseIcon } from '../../../components/icons'
import { useTranslation } from 'react-i18next'
import { supportFileTypes, SUPPORT_MAX_TEXT } from '../../../../contract'
import { OpenModalButton } from '../../modals/OpenModalButton'
import { useSession } from '../../../stores/session'
import type { SupportApi } from '../api'
import { useChat } from './chatState'
import { useThread } from './useThread'

const PROBLEM_KEYS = {
  loadFailed: 'supportChat:loadFailed',
  sendFailed: 'supportChat:sendFailed',
  support_file_type: 'errors:error.support_file_type',
  support_file_too_big: 'errors:error.support_file_too_big',
} as const

/** The thread and its form, for a signed-in player. */
function Thread({ api, page }: { api: SupportApi; page: string | null }) {
  const { t } = useTranslation()
  const { messages, loaded, busy, problem, send, upload } = useThread(api, true)
  const [text, setText] = useState('')
  const inputId = useId()
  const list = useRef<HTMLOListElement>(null)
  const input = useRef<HTMLTextAreaElement>(null)

  useEffect(() => input.current?.focus(), [])
  useEffect(() => {
    list.current?.lastElementChild?.scrollIntoView({ block: 'end' })
  }, [messages.length])

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const body = text.trim()
    if (!body || busy) return
    if (await send(body, page)) setText('')
  }

  return (
    <>
      {!loaded && !problem && <p className="support-chat__note">{t('supportChat:loading')}</p>}
      {loaded && messages.length === 0 && (
        <p className="support-chat__note">{t('supportChat:empty')}</p>
      )}
      <ol
        ref={list}
        className="support-chat__messages"
        aria-label={t('supportChat:messages')}
        aria-live="polite"
        data-testid="support.messages"
      >
        {messages.map((m) => (
          <li
            key={m.id}
            className={`support-chat__message support-chat__message--${m.author}`}
            data-testid="support.message"
            data-author={m.author}
          >
            <span className="support-chat__author">
              {t(m.author === 'player' ? 'supportChat:you' : 'supportChat:operator')}
            </span>
            {m.body && <span className="support-chat__body">{m.body}</span>}
            {m.attachment && (
              <span className="support-chat__body">
                {t('supportChat:document', { name: m.attachment.name })}
              </span>
            )}
          </li>
        ))}
      </ol>
      {problem && (
        <p className="support-chat__problem" role="alert" data-testid="support.error">
          {t(PROBLEM_KEYS[problem])}
        </p>
      )}
      <form className="support-chat__form" onSubmit={(e) => void submit(e)}>
        <label htmlFor={inputId} className="support-chat__label">
          {t('supportChat:messageLabel')}
        </label>
        <textarea
          id={inputId}
          ref={input}
          value={text}
          maxLength={SUPPORT_MAX_TEXT}
          rows={2}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) void submit(e)
          }}
          data-testid="support.input"
        />
        <div className="support-chat__actions">
          <label className="support-chat__attach">
            <span>{t('supportChat:attach')}</span>
            <input
              type="file"
              accept={supportFileTypes.join(',')}
              disabled={busy}
              data-testid="support.file"
              onChange={(e) => {
                const file = e.target.files?.[0]
                e.target.value = ''
                if (file) void upload(file, page)
              }}
            />
          </label>
          <button
            type="submit"
            className="button button--primary"
            disabled={busy}
            data-testid="support.send"
          >
            {t(busy ? 'supportChat:sending' : 'supportChat:send')}
          </button>
        </div>
        <p className="support-chat__hint">{t('supportChat:attachHint')}</p>
      </form>
    </>
  )
}

/**
 * The reference server's support chat: a panel over the page's corner (a sheet on a phone), for
 * signed-in players; a guest is asked to log in first (messages belong to an account).
 */
export function ChatPanel({ api }: { api: SupportApi }) {
  const { t } = useTranslation()
  const open = useChat((s) => s.open)
  const page = useChat((s) => s.page)
  const signedIn = useSession((s) => s.user !== null)
  const titleId = useId()
  const close = () => useChat.setState({ open: false })

  // Escape closes the chat, as a dialog (the panel is not modal: the page stays usable).
  useEffect(() => {
    if (!open) return
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') useChat.setState({ open: false })
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [open])

  if (!open) return null
  return (
    <section
      className="support-chat"
      role="dialog"
      aria-labelledby={titleId}
      data-testid="support.panel"
    >
      <header className="support-chat__header">
        <h2 id={titleId} className="support-chat__title">
          {t('supportChat:title')}
        </h2>
        <button
          type="button"
          className="icon-button support-chat__close"
          aria-label={t('supportChat:close')}
          onClick={close}
          data-testid="support.close"
        >
          <CloseIcon />
        </button>
      </header>
      <p className="support-chat__note">{t('supportChat:intro')}</p>
      {signedIn ? (
        <Thread api={api} page={page} />
      ) : (
        <div className="support-chat__guest">
          <p>{t('supportChat:guest')}</p>
          <OpenModalButton modal="Login" before={close} testId="support.login">
            {t('supportChat:logIn')}
          </OpenModalButton>
        </div>
      )}
    </section>
  )
}
