/**
 * The observable connection state: a tiny external store shaped for React's
 * `useSyncExternalStore(store.subscribe, store.getState)`.
 */
import type { ConnectionState, Unsubscribe } from './types'

export class ConnectionStore {
  private state: ConnectionState = { status: 'connecting', rttMs: null, resyncing: false }
  private readonly listeners = new Set<() => void>()

  /** Current state; the same object until something changes, as useSyncExternalStore requires. */
  readonly getState = (): ConnectionState => this.state

  /** Calls `listener` after every change. */
  readonly subscribe = (listener: () => void): Unsubscribe => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Applies a change; listeners are told only when a field really changed. */
  update(patch: Partial<ConnectionState>): void {
    const next = { ...this.state, ...patch }
    if (
      next.status === this.state.status &&
      next.rttMs === this.state.rttMs &&
      next.resyncing === this.state.resyncing
    ) {
      return
    }
    this.state = next
    for (const listener of [...this.listeners]) listener()
  }
}
