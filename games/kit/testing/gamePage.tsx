/**
 * Test-only: the set-up of a game page's component test for a signed-in player against a fake
 * server (the instant and stateful families' pages): the module the test's `vi.mock` of
 * connectGameStream returns, a stream online from the start that hands the machine the player's
 * snapshot and passes each command to the test, and the page rendered for a RUB player, connected.
 *
 * Use `fakePlayerStreamModule` from the `vi.mock` factory through a dynamic `import()`: the
 * factory runs before the test file's own imports, and before its constants are set, so what the
 * server sends is read through functions, when the page connects or sends.
 */
import { act, fireEvent, render, screen } from '@testing-library/react'
import type { ReactElement } from 'react'
import type { Minor } from '../../engine/money'
import type { GamePageProps } from '../ui/gameModule'
import { fakeConnectGameStream } from './fakeGameStream'

/** The fake server of a signed-in RUB player's page. */
export interface FakePlayerServer<P> {
  /**
   * The player's part of the snapshot sent on join (`me`), read when the page connects: the
   * balance and the seed pair's hash, and what else the game's `me` has (a stateful game's open
   * round). The pair's client seed is `c`, its nonce 0.
   */
  me: () => { balance: Minor; serverSeedHash: string; [more: string]: unknown }
  /** Every command the page sends, with its payload: the test records it and answers its ack. */
  request: (name: string, payload: P) => Promise<unknown>
  /**
   * Given, once the page is connected, what sends it a fresh snapshot, as a resync does (after a
   * reconnection; another tab may have played meanwhile).
   */
  connected?: (resync: () => void) => void
}

/**
 * `original` (connectGameStream's module) with `connectGameStream` replaced by a stream on
 * `server`: its join snapshot is the families' (version 1) for a RUB player on a fresh pair.
 */
export function fakePlayerStreamModule<M extends object, P>(
  original: M,
  server: FakePlayerServer<P>,
) {
  const snapshot = () => ({
    type: 'snapshot',
    v: 1,
    serverTime: 1_000,
    me: { currency: 'RUB', clientSeed: 'c', nonce: 0, ...server.me() },
  })
  return {
    ...original,
    connectGameStream: fakeConnectGameStream({
      snapshot,
      request: server.request,
      connected: (inbox) => server.connected?.(() => inbox.send(snapshot())),
    }),
  }
}

/** Every page's props for a signed-in RUB player with `balance`, on `game`'s test service. */
export function signedInPage(game: string, balance: Minor): GamePageProps {
  return {
    serviceUrl: `http://${game}.test`,
    getToken: () => 't',
    player: { currency: 'RUB', balance },
    locale: 'en',
  }
}

/** A proof loader (a round's or a bet's) whose every fetch fails: the page has no service here. */
export const failingProof = async (): Promise<{ type: 'failed' }> => ({ type: 'failed' })

/** Renders `page` and lets it connect: the fake stream's CONNECTED and snapshot reach its machine. */
export async function renderGamePage(page: ReactElement): Promise<void> {
  render(page)
  await act(async () => {})
}

/** A game's in-memory server (`fakeStatefulServer`), as far as a page's fake stream uses it. */
interface InMemoryServer {
  snapshot(): { me: { balance: number; serverSeedHash: string; [more: string]: unknown } }
  answer(name: string, payload: unknown): unknown
}

/**
 * The fake server of a page played on an in-memory server (`server()`, read at each use, so a
 * test may start a fresh one): its snapshot's `me`, and its answer to every command, which
 * `onCommand` sees first (the test records what was sent and answered).
 */
export function inMemoryPlayer(
  server: () => InMemoryServer,
  onCommand: (name: string, payload: Record<string, unknown>, answer: unknown) => void,
): FakePlayerServer<Record<string, unknown>> {
  return {
    me: () => {
      const { me } = server().snapshot()
      return { ...me, balance: me.balance as Minor }
    },
    request: async (name, payload) => {
      const answer = server().answer(name, payload)
      onCommand(name, payload, answer)
      return answer
    },
  }
}

/** Clicks the element of `testId` and lets what it starts settle (a command and its answer). */
export async function clickTestId(testId: string): Promise<void> {
  await act(async () => {
    fireEvent.click(screen.getByTestId(testId))
  })
}
