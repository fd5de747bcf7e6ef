import { createServer } from 'node:net'

/** A TCP port free on loopback now, for a throwaway server a test or benchmark starts. */
export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', resolve)
  })
  const address = server.address()
  await new Promise((resolve) => server.close(resolve))
  if (address === null || typeof address === 'string') throw new Error('[freePort] no port')
  return address.port
}
