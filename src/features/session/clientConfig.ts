/**
 * GET /config, asked once per page load: the deployment's mode (the sandbox banner, the sandbox
 * controls) and its game service URLs. Every reader shares the one answer; a failed call is not
 * kept, so the next reader asks again. A page the reference server served carries the answer
 * already (server/http/static.ts), so it asks nothing: on a phone's slow link that round trip
 * came before a game page could draw.
 */
import { servedClientConfig, type Api } from '../../api'

type ClientConfig = Awaited<ReturnType<Api['misc']['clientConfig']>>

const asked = new WeakMap<Pick<Api, 'misc'>, Promise<ClientConfig>>()

/** The deployment's config from `api` (the app's client; a test passes its own). */
export function clientConfigOnce(api: Pick<Api, 'misc'>): Promise<ClientConfig> {
  let answer = asked.get(api)
  if (!answer) {
    const served = typeof document === 'undefined' ? undefined : servedClientConfig(document)
    answer = served ? Promise.resolve(served) : api.misc.clientConfig()
    asked.set(api, answer)
    answer.catch(() => asked.delete(api))
  }
  return answer
}
