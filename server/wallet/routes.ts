import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod/mini'
import {
  walletAuthenticateRequest,
  walletBalanceRequest,
  walletCreditRequest,
  walletDebitRequest,
  walletRollbackRequest,
  type WalletErrorAnswer,
  type WalletErrorCode,
} from '../../contract'
import type { Services } from '../services'
import { WALLET_ERROR_STATUS, WalletError } from './errors'
import { providerSecret } from './providers'
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, checkSignature } from './signature'
import { Wallet } from './store'

/** A provider id in a path, as `wallet_providers` allows it. */
const PROVIDER_ID = /^[a-z0-9][a-z0-9-]{0,62}$/

function answer(reply: FastifyReply, status: number, body: unknown): FastifyReply {
  // Sent as the bytes stored: a replayed call answers exactly what the first one did.
  return reply.code(status).type('application/json; charset=utf-8').send(JSON.stringify(body))
}

function refuse(reply: FastifyReply, code: WalletErrorCode, message: string): FastifyReply {
  const body: WalletErrorAnswer = { status: 'ERROR', code, message }
  return answer(reply, WALLET_ERROR_STATUS[code], body)
}

/**
 * The seamless wallet a game provider calls (docs/providers.md): POST
 * `/wallet/:provider/{authenticate,balance,debit,credit,rollback}`, each body signed with the
 * provider's secret. Bodies are read raw in this scope only, since the signature covers the exact
 * bytes sent. The providers of the WALLET_PROVIDERS setting are written to the database at the
 * server's start (server/main.ts, `seedWalletProviders`), beside the migrations.
 */
export function walletRoutes(api: FastifyInstance, s: Services): void {
  const wallet = new Wallet(s.db, s.now)
  void api.register(
    async (app) => {
      app.removeAllContentTypeParsers()
      app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
        done(null, body),
      )

      /** One call: provider, signature, body, then `run`; refusals as the wallet's error body. */
      const route = <S extends z.core.$ZodType>(
        path: string,
        schema: S,
        run: (providerId: string, body: z.output<S>) => Promise<unknown>,
      ) =>
        app.post(path, async (req: FastifyRequest, reply) => {
          const { provider } = req.params as { provider: string }
          const secret = PROVIDER_ID.test(provider) ? await providerSecret(s.db, provider) : null
          if (secret === null) return refuse(reply, 'UNKNOWN_PROVIDER', 'no such provider')
          const raw = typeof req.body === 'string' ? req.body : ''
          const header = (name: string) => {
            const v = req.headers[name]
            return typeof v === 'string' ? v : undefined
          }
          const check = checkSignature({
            secret,
            timestamp: header(TIMESTAMP_HEADER),
            signature: header(SIGNATURE_HEADER),
            body: raw,
            now: s.now(),
          })
          if (check === 'INVALID_SIGNATURE') {
            return refuse(reply, check, `missing or wrong ${SIGNATURE_HEADER}`)
          }
          if (check === 'REQUEST_EXPIRED') {
            return refuse(reply, check, `${TIMESTAMP_HEADER} is too far from the server's clock`)
          }
          let json: unknown
          try {
            json = JSON.parse(raw)
          } catch {
            return refuse(reply, 'INVALID_REQUEST', 'the body is not JSON')
          }
          const parsed = z.safeParse(schema, json)
          if (!parsed.success) {
            const fields = parsed.error.issues.map((i) => i.path.map(String).join('.') || '_')
            const list = [...new Set(fields)].join(', ')
            return refuse(reply, 'INVALID_REQUEST', `invalid fields: ${list}`)
          }
          try {
            return answer(reply, 200, await run(provider, parsed.data))
          } catch (err) {
            if (err instanceof WalletError) return refuse(reply, err.code, err.message)
            throw err
          }
        })

      route('/authenticate', walletAuthenticateRequest, (p, b) => wallet.authenticate(p, b))
      route('/balance', walletBalanceRequest, (p, b) => wallet.balance(p, b))
      route('/debit', walletDebitRequest, (p, b) => wallet.debit(p, b))
      route('/credit', walletCreditRequest, (p, b) => wallet.credit(p, b))
      route('/rollback', walletRollbackRequest, (p, b) => wallet.rollback(p, b))
    },
    { prefix: '/wallet/:provider' },
  )
}
