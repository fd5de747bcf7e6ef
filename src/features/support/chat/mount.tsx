/**
 * The built-in support widget, loaded after the first load (src/features/support/start.ts): a
 * React root of its own beside the app's, as a third-party script would add its own.
 */
import i18next from 'i18next'
import { createRoot } from 'react-dom/client'
import { I18nextProvider } from 'react-i18next'
import type { Api } from '../../../api'
import { supportEndpoints } from '../api'
import type { SupportWidget } from '../widget'
import { ChatPanel } from './ChatPanel'
import { useChat } from './chatState'
import './chat.css'

/** Mounts the chat (closed) and answers the facade's calls. */
export function mountChatWidget(api: Api): SupportWidget {
  const host = document.createElement('div')
  host.id = 'support-widget'
  document.body.append(host)
  const endpoints = supportEndpoints(api.client)
  createRoot(host).render(
    <I18nextProvider i18n={i18next}>
      <ChatPanel api={endpoints} />
    </I18nextProvider>,
  )
  return {
    open: () => useChat.setState({ open: true }),
    pageChanged: (page) => useChat.setState({ page }),
  }
}
