/**
 * The profile pages' calls, from one React context: the app's client by default
 * (src/features/session), fakes in the page tests.
 */
import { createContext, useContext } from 'react'

import type { ProfileEndpoints } from '../../api'
import { appApi } from '../session'

/** The endpoints the profile area uses. */
export type ProfileApi = Pick<
  ProfileEndpoints,
  | 'user'
  | 'updateSettings'
  | 'updatePassword'
  | 'setPassword'
  | 'sessions'
  | 'revokeSession'
  | 'history'
  | 'freeSpins'
>

/** Null means "the app's client", read when a page first calls (after startApi). */
export const ProfileApiContext = createContext<ProfileApi | null>(null)

/** The profile endpoints for the component tree. */
export function useProfileApi(): ProfileApi {
  return useContext(ProfileApiContext) ?? appApi().profile
}
