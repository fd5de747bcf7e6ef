import { describe, expect, it } from 'vitest'
import { AnswerStore } from './answers'
import type { UserId } from './player'

const alice = 1 as UserId
const bob = 2 as UserId

describe('AnswerStore', () => {
  it('gives a repeated key its first answer and runs the command once, even concurrently', async () => {
    const store = new AnswerStore()
    let runs = 0
    const run = (answer: string) => () => {
      runs += 1
      return Promise.resolve(answer)
    }
    const [a, b] = await Promise.all([
      store.once(alice, 'bet', 'k1', run('first')),
      store.once(alice, 'bet', 'k1', run('second')),
    ])
    expect([a, b, runs]).toEqual(['first', 'first', 1])
    // The key is the player's and the command's: another player or command is another answer.
    expect(await store.once(bob, 'bet', 'k1', run('bob'))).toBe('bob')
    expect(await store.once(alice, 'cashOut', 'k1', run('cash'))).toBe('cash')
    expect(runs).toBe(3)
  })

  it('answers a remembered key without running, and forgets the oldest keys past its size', async () => {
    const store = new AnswerStore(2)
    store.remember(alice, 'bet', 'old', 'before the restart')
    expect(await store.once(alice, 'bet', 'old', () => Promise.resolve('again'))).toBe(
      'before the restart',
    )
    await store.once(alice, 'bet', 'k2', () => Promise.resolve('2'))
    await store.once(alice, 'bet', 'k3', () => Promise.resolve('3'))
    expect(await store.once(alice, 'bet', 'old', () => Promise.resolve('again'))).toBe('again')
    expect(await store.once(alice, 'bet', 'k3', () => Promise.resolve('x'))).toBe('3')
  })
})
