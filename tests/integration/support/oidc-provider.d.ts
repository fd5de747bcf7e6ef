/**
 * The part of oidc-provider (a dev dependency, shipped without types) that the social log-in
 * integration test uses: a provider built from a configuration, served by its request listener.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http'

  interface ClientMetadata {
    client_id: string
    client_secret: string
    redirect_uris: string[]
    grant_types: string[]
    response_types: string[]
  }
  interface Account {
    accountId: string
    claims(): Record<string, unknown>
  }
  interface Configuration {
    clients: ClientMetadata[]
    cookies?: { keys: string[] }
    ttl?: Record<string, number>
    findAccount(ctx: unknown, sub: string): Account | Promise<Account>
  }
  export default class Provider {
    constructor(issuer: string, configuration: Configuration)
    callback(): (req: IncomingMessage, res: ServerResponse) => void
  }
}
