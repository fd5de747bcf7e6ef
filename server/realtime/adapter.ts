/**
 * The socket.io adapter of several server processes: with REDIS_URL set, the Redis streams
 * adapter carries every broadcast, room emit and server-side message between the processes (and
 * keeps connection state recovery working across them). Without it, one process and socket.io's
 * in-memory adapter.
 */
import { createAdapter } from '@socket.io/redis-streams-adapter'
import { createClient } from 'redis'
import type { ServerOptions } from 'socket.io'
import type { GameLog } from '../games/kit/log'

/** The adapter for socket.io's options, and how to let its connection go. */
export interface ClusterAdapter {
  adapter: ServerOptions['adapter']
  close(): Promise<void>
}

/** Connects to Redis at `url` and makes the adapter over it. */
export async function redisAdapter(url: string, log: GameLog): Promise<ClusterAdapter> {
  const client = createClient({ url })
  // A dropped connection is retried by the client; it must not end the process meanwhile.
  client.on('error', (err: unknown) => log.error({ err }, '[realtime] redis'))
  await client.connect()
  return {
    adapter: createAdapter(client),
    close: async () => {
      await client.quit().catch(() => client.disconnect())
    },
  }
}
