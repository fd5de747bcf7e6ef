/**
 * Test-only: real socket.io servers and streams for a test file, each closed after every test —
 * streams first, since they were opened after their server.
 */
import { afterEach, vi } from 'vitest'
import {
  openTestStream,
  startTestServer,
  type TestServer,
  type TestServerOptions,
  type TestStreamOptions,
} from './streamTestServer'

/** Registers the cleanup for the calling test file and returns its `serve` and `open`. */
export function testStreams() {
  const cleanups: (() => unknown)[] = []

  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
    vi.restoreAllMocks()
  })

  return {
    /** Starts a test server that closes after the test. */
    async serve(options?: TestServerOptions): Promise<TestServer> {
      const server = await startTestServer(options)
      cleanups.push(() => server.close())
      return server
    },
    /** Opens a stream on `server` that is released after the test. */
    open(server: TestServer, overrides: Partial<TestStreamOptions> = {}) {
      const opened = openTestStream(server, overrides)
      cleanups.push(() => opened.stream.release())
      return opened
    },
  }
}
