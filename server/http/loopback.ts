import type { FastifyRequest } from 'fastify'

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (`::ffff:127.0.0.1`, a dual-stack socket). */
const LOOPBACK = /^(?:(?:::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1)$/i

/** Headers a reverse proxy adds: a request that carries one was relayed, maybe from anywhere. */
const FORWARDED = ['forwarded', 'x-forwarded-for', 'x-real-ip'] as const

/**
 * Whether a request comes from this machine. Without TRUST_PROXY, a proxy on this machine makes
 * every client look local, so a request bearing a proxy's forwarding header is not counted as
 * local; with TRUST_PROXY, `req.ip` is the client the proxy names.
 */
export function fromLoopback(req: FastifyRequest, trustProxy: boolean): boolean {
  if (!trustProxy && FORWARDED.some((h) => req.headers[h] !== undefined)) return false
  return LOOPBACK.test(req.ip)
}
