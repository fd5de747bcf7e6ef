import { create } from 'zustand'
import type { ClientConfigResponse } from '../../contract'

/**
 * The settings store of SPEC.md section 3: links the operator configures on the server
 * (`revshare_service_frontend_url`, `telegram_channel_url` in GET /config), null until known or
 * when not configured. The footer shows each one only when it is set.
 */
export interface SettingsState {
  revshareUrl: string | null
  tgChannelUrl: string | null
  /** Takes the values from a GET /config answer. */
  fromConfig: (config: ClientConfigResponse) => void
}

/** Only web links reach an `href`: a configured value is the operator's, but a `javascript:`
 * URL from a misconfigured proxy must never become a link. */
function webLink(value: string | null | undefined): string | null {
  if (!value) return null
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null
  } catch {
    return null
  }
}

/** The settings store. */
export const useSettings = create<SettingsState>()((set) => ({
  revshareUrl: null,
  tgChannelUrl: null,
  fromConfig: (config) =>
    set({
      revshareUrl: webLink(config.revshare_service_frontend_url),
      tgChannelUrl: webLink(config.telegram_channel_url),
    }),
}))
