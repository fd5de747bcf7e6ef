import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import en from '../../../locales/en/crash.json'
import kitEn from '../../../locales/en/kit.json'
import { crashPoint } from '../../engine/fairness'
import { PROTOCOL_VERSION, type RoundId } from '../protocol'
import { formatMultiplier } from '../scene/crashView'
import { CrashGame } from './CrashGame'
import type * as StreamModule from '../../kit/stream/connectGameStream'
import type { LoadRoundProof, RoundProofResult } from './roundProof'
import { i18nTestEnv } from '../../kit/testing/i18n'

const SALT = 'a1'.repeat(32)
const END = 'e0'.repeat(32)
const OLD_HASH = '3c'.repeat(32) // a round long gone from the strip
const STRIP_HASH = '7b'.repeat(32)

// The socket and the Pixi canvas are the app's edges: a fake stream hands the machine one
// snapshot; the canvas host renders only its overlay.
vi.mock('../../kit/stream/connectGameStream', async (importOriginal) => {
  const { fakeConnectGameStream } = await import('../../kit/testing/fakeGameStream')
  return {
    ...(await importOriginal<typeof StreamModule>()),
    connectGameStream: fakeConnectGameStream({
      snapshot: () => ({
        type: 'snapshot',
        v: PROTOCOL_VERSION,
        serverTime: 1_000,
        round: {
          id: '500',
          phase: 'betting',
          bettingEndsAt: 5_000,
          startedAt: null,
          crashPoint: null,
          roundHash: null,
        },
        fairness: { salt: SALT, terminatingHash: END },
        bets: [],
        history: [
          {
            roundId: '499',
            crashPoint: crashPoint(STRIP_HASH, SALT),
            roundHash: STRIP_HASH,
            salt: SALT,
          },
        ],
        me: null,
      }),
    }),
  }
})
vi.mock('../../engine/canvas', () => import('../../engine/canvas/testing/overlayOnlyCanvas'))

i18nTestEnv({ en: { crash: en, kit: kitEn } })

/** A proof request the test answers by hand. */
function pendingLoader() {
  const calls: { roundId: RoundId; answer: (result: RoundProofResult) => void }[] = []
  const load: LoadRoundProof = (roundId) =>
    new Promise((resolve) => calls.push({ roundId, answer: resolve }))
  return { load, calls }
}

function renderGame(props: Partial<Parameters<typeof CrashGame>[0]>) {
  return render(
    <CrashGame serviceUrl="" getToken={() => null} player={null} locale="en" {...props} />,
  )
}

const dialog = () => screen.getByTestId('crash.fairness-dialog')

describe('CrashGame with a round in the URL (?round=)', () => {
  it('opens that round’s proof from the service, recomputed in the browser, though the strip lacks it', async () => {
    const { load, calls } = pendingLoader()
    const onProofClosed = vi.fn()
    renderGame({ proofRound: '17' as RoundId, loadRoundProof: load, onProofClosed })
    expect(screen.getAllByTestId('crash.history-item').map((b) => b.textContent)).not.toContain(
      formatMultiplier(crashPoint(OLD_HASH, SALT)),
    )
    expect(dialog().getAttribute('data-status')).toBe('loading')
    expect(calls.map((c) => c.roundId)).toEqual(['17'])

    const reported = crashPoint(OLD_HASH, SALT)
    await act(async () =>
      calls[0]!.answer({
        type: 'ok',
        proof: {
          v: PROTOCOL_VERSION,
          round: {
            roundId: '17' as RoundId,
            crashPoint: reported,
            roundHash: OLD_HASH,
            salt: SALT,
          },
          endedAt: 900,
          terminatingHash: END,
        },
      }),
    )
    expect(dialog().getAttribute('data-status')).toBe('ready')
    expect(within(dialog()).getByRole('heading').textContent).toBe('Round 17: fairness proof')
    expect(screen.getByTestId('crash.fairness-hash').textContent).toBe(OLD_HASH)
    expect(screen.getByTestId('crash.fairness-terminating').textContent).toBe(END)
    expect(screen.getByTestId('crash.fairness-computed').textContent).toBe(
      formatMultiplier(reported),
    )
    expect(screen.getByTestId('crash.fairness-verdict').textContent).toBe(en.fairness.match)

    fireEvent.keyDown(window, { key: 'Escape' })
    expect(onProofClosed).toHaveBeenCalledTimes(1)
  })

  it('says when the round is unknown or not finished yet', async () => {
    const { load, calls } = pendingLoader()
    renderGame({ proofRound: '501' as RoundId, loadRoundProof: load })
    await act(async () => calls[0]!.answer({ type: 'notFound' }))
    expect(screen.getByTestId('crash.fairness-message').textContent).toBe(en.fairness.notFound)
    expect(screen.queryByTestId('crash.fairness-hash')).toBeNull()
    expect(screen.queryByRole('button', { name: en.fairness.retry })).toBeNull()
  })

  it('offers a retry after a failed load, which asks again', async () => {
    const { load, calls } = pendingLoader()
    renderGame({ proofRound: '17' as RoundId, loadRoundProof: load })
    await act(async () => calls[0]!.answer({ type: 'failed' }))
    expect(screen.getByTestId('crash.fairness-message').textContent).toBe(en.fairness.failed)
    fireEvent.click(screen.getByRole('button', { name: en.fairness.retry }))
    expect(dialog().getAttribute('data-status')).toBe('loading')
    expect(calls.map((c) => c.roundId)).toEqual(['17', '17'])
  })

  it('opens no proof without the parameter; a strip round still opens its own, with the chain end', () => {
    const { load, calls } = pendingLoader()
    renderGame({ proofRound: null, loadRoundProof: load })
    expect(screen.queryByTestId('crash.fairness-dialog')).toBeNull()
    fireEvent.click(screen.getByTestId('crash.history-item'))
    expect(dialog().getAttribute('data-status')).toBe('ready')
    expect(screen.getByTestId('crash.fairness-hash').textContent).toBe(STRIP_HASH)
    expect(screen.getByTestId('crash.fairness-terminating').textContent).toBe(END)
    expect(calls).toHaveLength(0)
  })
})
