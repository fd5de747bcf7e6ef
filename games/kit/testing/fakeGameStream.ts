/**
 * Test-only: what `connectGameStream` becomes in a game page's component test, where the socket is
 * the app's edge: the machine hears CONNECTED and the game's snapshot at once, the connection
 * badge reads "online", and commands go to the test's fake server, if it has one.
 *
 * Use it from the test's `vi.mock` factory through a dynamic `import()`: the factory runs before
 * the test file's own imports.
 */

/** The test's fake server: the snapshot it sends on join, and its answers to commands. */
export interface FakeGameServer<P> {
  /** The snapshot event, read when the page connects. */
  snapshot: () => unknown
  /** Answers a command as the server would (its ack); absent: the page sends none. */
  request?: (name: string, payload: P) => Promise<unknown>
  /** Given the page's inbox once connected, so the test can send it later events (a resync). */
  connected?: (inbox: { send: (event: unknown) => void }) => void
}

/** A `connectGameStream` whose stream is `server`, online from the start. */
export function fakeConnectGameStream<P>(server: FakeGameServer<P>) {
  return ({ inbox }: { inbox: { send: (event: unknown) => void } }) => {
    inbox.send({ type: 'CONNECTED', recovered: false, clockOffset: 0 })
    inbox.send(server.snapshot())
    server.connected?.(inbox)
    return {
      stream: {
        getState: () => ({ status: 'online', rttMs: 5, resyncing: false }),
        subscribe: () => () => {},
        ...(server.request ? { request: server.request } : {}),
      },
      stop: () => {},
    }
  }
}
