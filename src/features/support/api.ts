/**
 * The support chat's calls (docs/api.md "Support"). None notifies: the chat shows its own
 * translated line under the form.
 */
import type { ApiClient } from '../../api'
import {
  supportMessagesResponse,
  supportSendResponse,
  type SupportMessage,
} from '../../../contract'

/** The player's side of the chat. */
export interface SupportApi {
  /** The thread after message `after` (all without), oldest first. */
  messages(after?: number): Promise<SupportMessage[]>
  send(body: string, page: string | null): Promise<SupportMessage>
  /** Sends a document; the server checks its type by its bytes and its size. */
  upload(file: File, page: string | null): Promise<SupportMessage>
}

/** {@link SupportApi} over the app's client. */
export function supportEndpoints(client: ApiClient): SupportApi {
  return {
    async messages(after) {
      const res = await client.call({
        method: 'get',
        path: 'support/messages',
        query: after === undefined ? {} : { after },
        schema: supportMessagesResponse,
        notify: false,
      })
      return res.data
    },
    async send(body, page) {
      const res = await client.call({
        method: 'post',
        path: 'support/messages',
        json: { body, page },
        schema: supportSendResponse,
        notify: false,
      })
      return res.data
    },
    async upload(file, page) {
      const res = await client.call({
        method: 'post',
        path: 'support/attachments',
        query: { name: file.name || 'document', ...(page ? { page } : {}) },
        body: file,
        schema: supportSendResponse,
        notify: false,
      })
      return res.data
    },
  }
}
