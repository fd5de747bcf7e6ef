import { act, renderHook } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { LoadProof, ProofResult } from '../../ui/proof'
import { useUrlProof } from './urlProof'

/** A round loader that knows the rounds `known`, and records what it was asked. */
function rounds(known: string[]) {
  const asked: string[] = []
  const load: LoadProof<string, string> = async (id) => {
    asked.push(id)
    return known.includes(id) ? { type: 'ok', proof: id } : { type: 'notFound' }
  }
  return { load, asked }
}

const signal = new AbortController().signal

describe('useUrlProof', () => {
  it("asks for the round first; an id no round has is a bet's on a game with bets", async () => {
    const loader = rounds(['b-round'])
    const preload = vi.fn()
    const { result } = renderHook(() => useUrlProof(loader.load, true, preload))
    let answers: ProofResult<string>[] = []
    await act(async () => {
      answers = [
        await result.current.load('b-round', signal),
        await result.current.load('b-bet', signal),
      ]
    })
    expect(answers.map((a) => a.type)).toEqual(['ok', 'notFound'])
    expect(loader.asked).toEqual(['b-round', 'b-bet'])
    expect(result.current.isBet('b-round')).toBe(false)
    expect(result.current.isBet('b-bet')).toBe(true)
    // The bet proof's code was asked for with each round, not after it.
    expect(preload).toHaveBeenCalledTimes(2)
  })

  it('keeps an unknown id not found on a game without bets (no Auto tab)', async () => {
    const loader = rounds([])
    const preload = vi.fn()
    const { result } = renderHook(() => useUrlProof(loader.load, false, preload))
    await act(async () => {
      await result.current.load('b-bet', signal)
    })
    expect(result.current.isBet('b-bet')).toBe(false)
    expect(preload).not.toHaveBeenCalled()
  })
})
