import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import kitEn from '../../../locales/en/kit.json'
import { SeedsDialog } from './SeedsDialog'
import type { SeedsApi } from './seedsApi'
import { i18nTestEnv } from '../testing/i18n'

i18nTestEnv({ en: { kit: kitEn } })

const pair = {
  server_seed_hash: 'a'.repeat(64),
  client_seed: 'mine',
  nonce: 7,
  next_server_seed_hash: 'b'.repeat(64),
}

function fakeApi(overrides: Partial<SeedsApi> = {}): SeedsApi {
  return {
    get: vi.fn(async () => ({ ok: true as const, value: pair })),
    setClientSeed: vi.fn(async (client_seed: string) => ({
      ok: true as const,
      value: { ...pair, client_seed },
    })),
    rotate: vi.fn(async () => ({
      ok: true as const,
      value: {
        previous: {
          server_seed: 'c'.repeat(64),
          server_seed_hash: pair.server_seed_hash,
          client_seed: 'mine',
          nonce: 7,
        },
        active: {
          ...pair,
          server_seed_hash: pair.next_server_seed_hash,
          nonce: 0,
          next_server_seed_hash: 'd'.repeat(64),
        },
      },
    })),
    ...overrides,
  }
}

describe('seeds dialog', () => {
  it('shows the pair, saves a new client seed and refuses a malformed one', async () => {
    const api = fakeApi()
    render(<SeedsDialog game="dice" api={api} onClose={vi.fn()} />)
    expect((await screen.findByTestId('dice.seeds-hash')).textContent).toBe(pair.server_seed_hash)
    expect(screen.getByTestId('dice.seeds-nonce').textContent).toBe('7')
    const save = screen.getByTestId('dice.seeds-save') as HTMLButtonElement
    expect(save.disabled).toBe(true)
    fireEvent.change(screen.getByTestId('dice.seeds-client'), { target: { value: 'é' } })
    expect(save.disabled).toBe(true)
    fireEvent.change(screen.getByTestId('dice.seeds-client'), { target: { value: 'lucky 7' } })
    fireEvent.click(save)
    expect(await screen.findByTestId('dice.seeds-note')).toHaveProperty(
      'textContent',
      kitEn.seeds.saved,
    )
    expect(api.setClientSeed).toHaveBeenCalledWith('lucky 7')
  })

  it('rotates: the old server seed is revealed and the nonce starts again', async () => {
    render(<SeedsDialog game="dice" api={fakeApi()} onClose={vi.fn()} />)
    fireEvent.click(await screen.findByTestId('dice.seeds-rotate'))
    expect((await screen.findByTestId('dice.seeds-previous')).textContent).toContain('c'.repeat(64))
    expect(screen.getByTestId('dice.seeds-nonce').textContent).toBe('0')
  })

  it('says why a rotation is refused during an open game', async () => {
    const api = fakeApi({
      rotate: vi.fn(async () => ({ ok: false as const, reason: 'busy' as const })),
    })
    render(<SeedsDialog game="dice" api={api} onClose={vi.fn()} />)
    fireEvent.click(await screen.findByTestId('dice.seeds-rotate'))
    expect((await screen.findByTestId('dice.seeds-note')).textContent).toBe(kitEn.seeds.busy)
    expect(screen.getByTestId('dice.seeds-nonce').textContent).toBe('7')
  })
})
