import { act, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { useSession } from '../../stores/session'
import { testUser } from '../../test/users'
import { setFlagSource, useFeature } from './flags'

afterEach(() => act(() => useSession.getState().clear()))

describe('useFeature', () => {
  it("is on when the user's features name it or the flag service has it on", () => {
    const { result: bonuses } = renderHook(() => useFeature('bonus_balances'))
    const { result: lobby } = renderHook(() => useFeature('new_lobby'))
    expect([bonuses.current, lobby.current]).toEqual([false, false])

    act(() => useSession.getState().setUser(testUser({ features: ['bonus_balances'] })))
    expect([bonuses.current, lobby.current]).toEqual([true, false])

    let on = new Set<string>()
    let notify = () => {}
    act(() =>
      setFlagSource({
        isFeatureEnabled: (flag) => on.has(flag),
        subscribe: (run) => {
          notify = run
          return () => {}
        },
      }),
    )
    act(() => {
      on = new Set(['new_lobby'])
      notify()
    })
    expect([bonuses.current, lobby.current]).toEqual([true, true])
    act(() => useSession.getState().clear())
    expect([bonuses.current, lobby.current]).toEqual([false, true])
  })
})
