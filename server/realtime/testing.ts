/**
 * Test support for the realtime server (used by tests only): what a client socket received, kept
 * by event name until a test takes it.
 */

/** Anything with socket.io's `onAny`, such as a socket.io-client socket. */
interface EventSource {
  onAny(listener: (name: string, payload: unknown) => void): unknown
}

/** The events a client socket received, to count and to take in order. */
export interface SocketInbox {
  /** Events received so far, by name, taken or not. */
  readonly received: Map<string, number>
  /**
   * The payload of the first event named `name` that no call took yet: one already received, else
   * the next to come.
   */
  next(name: string): Promise<unknown>
}

/** Starts keeping what `socket` receives; call it before the socket connects. */
export function socketInbox(socket: EventSource): SocketInbox {
  const received = new Map<string, number>()
  // Events no `next` took yet, and the `next` calls still waiting for theirs.
  const events: { name: string; payload: unknown }[] = []
  const waiters: { name: string; resolve: (payload: unknown) => void }[] = []
  socket.onAny((name, payload) => {
    received.set(name, (received.get(name) ?? 0) + 1)
    const waiter = waiters.find((w) => w.name === name)
    if (waiter) {
      waiters.splice(waiters.indexOf(waiter), 1)
      waiter.resolve(payload)
    } else events.push({ name, payload })
  })
  return {
    received,
    next: (name) =>
      new Promise<unknown>((resolve) => {
        const seen = events.find((e) => e.name === name)
        if (seen) {
          events.splice(events.indexOf(seen), 1)
          resolve(seen.payload)
        } else waiters.push({ name, resolve })
      }),
  }
}
