/**
 * Saving one profile setting (PUT /profile/settings, exactly one field a call), optimistically:
 * the session store shows the new value at once, the server's answer replaces the user, and a
 * refusal puts the old value back with a translated message.
 */
import type { TFunction } from 'i18next'

import { errorNotification, isApiError } from '../../api'
import type { User } from '../../../contract'
import { useSession } from '../../stores/session'
import { showToast } from '../../stores/toasts'
import { translateError } from '../session/api'
import type { ProfileApi } from './api'

/** One setting and its value: the body of one PUT /profile/settings. */
export type SettingPatch =
  | { readonly locale: NonNullable<User['locale']> }
  | { readonly timezone: string }
  | { readonly is_avatar_hidden: boolean }
  | { readonly is_statistics_hidden: boolean }

/** The setting a patch changes. */
export function settingOf(patch: SettingPatch): keyof SettingPatch & keyof User {
  return Object.keys(patch)[0] as keyof SettingPatch & keyof User
}

/**
 * Saves `patch` for the signed-in user. Resolves with the user the server answered, or null
 * when the save was refused (the old value is back and the player has been told why). A visitor
 * has nothing to save: that is a caller bug.
 */
export async function saveSetting(
  api: Pick<ProfileApi, 'updateSettings'>,
  patch: SettingPatch,
  t: TFunction,
): Promise<User | null> {
  const store = useSession.getState()
  const before = store.user
  if (!before) throw new Error('[profile] saveSetting without a signed-in user')
  const field = settingOf(patch)
  const old = before[field]
  store.setUser({ ...before, ...patch })
  try {
    const answer = await api.updateSettings(patch, { notify: false })
    useSession.getState().setUser(answer.user)
    showToast({ kind: 'success', title: t('profile:general.success') })
    return answer.user
  } catch (error) {
    // Only this field goes back: another setting saved meanwhile keeps its new value.
    const now = useSession.getState().user
    if (now) useSession.getState().setUser({ ...now, [field]: old })
    const lines = isApiError(error)
      ? (errorNotification(error.failure, translateError)?.lines ?? [])
      : []
    showToast({ kind: 'error', title: t('profile:settings.saveFailed'), lines: [...lines] })
    if (!isApiError(error)) console.error('[profile] saving a setting failed:', error)
    return null
  }
}
