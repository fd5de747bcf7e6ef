import type { FastifyRequest } from 'fastify'
import type { AuthContext } from '../auth/sessions'
import type { Services } from '../services'
import { unauthenticated } from './errors'

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller, set by {@link requireUser}. */
    auth: (AuthContext & { accessExpiresAt: Date }) | null
  }
}

/** The bearer token of a request, if any. */
export function bearerToken(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization
  if (typeof header !== 'string') return undefined
  const m = /^Bearer\s+(\S{16,512})$/i.exec(header)
  return m?.[1]
}

/** preHandler: 401 unless the request carries a live access token. */
export function requireUser(s: Services) {
  return async (req: FastifyRequest) => {
    const token = bearerToken(req)
    if (!token) throw unauthenticated()
    const ctx = await s.sessions.authenticate(token)
    if (!ctx) throw unauthenticated('session_expired')
    req.auth = ctx
  }
}

/** The signed-in caller of a route guarded by {@link requireUser}. */
export function authOf(req: FastifyRequest): AuthContext & { accessExpiresAt: Date } {
  if (!req.auth) throw new Error('[http] authOf used on a route without requireUser')
  return req.auth
}
