/**
 * The bot check as the account flows use it: `botCheckFields(api)` answers the body fields to
 * add to a guarded call (registration, a log-in code request, a password forgot call), solving
 * a fresh challenge each time since the server takes each solution once. The provider comes
 * from GET /config; one loader machine per page loads it (loader.machine.ts).
 */
import { createActor, fromPromise, type Actor } from 'xstate'

import type { Api } from '../../api'
import {
  altchaChallenge,
  BOT_CHECK_FIELD,
  type BotCheckClientConfig,
  type BotCheckProvider,
} from '../../../contract'
import { clientConfigOnce } from '../session/clientConfig'
import type { solveInWorker } from './altcha'
import { botCheckLoaderMachine, type BotCheckLoaderMachine } from './loader.machine'
import { hcaptchaDriver, turnstileDriver, type ProviderDriver } from './providers'

/** The site key the loader machine knows the self-hosted check by (it has no real one). */
const ALTCHA_SITE_KEY = 'altcha'

type BotCheckApi = Pick<Api, 'misc' | 'client'>

/** The self-hosted check: its "script" is the solver chunk, its token a solved challenge. */
function altchaDriver(api: BotCheckApi): ProviderDriver {
  let solver: { solveInWorker: typeof solveInWorker } | undefined
  return {
    loadScript: async () => {
      solver = await import('./altcha')
    },
    present: () => solver !== undefined,
    ready: () => true,
    hideBadge: () => {},
    execute: async () => {
      const challenge = await api.client.call({
        method: 'get',
        path: 'captcha/challenge',
        schema: altchaChallenge,
        notify: false,
      })
      return solver!.solveInWorker(challenge)
    },
  }
}

function driverFor(provider: Exclude<BotCheckProvider, 'off'>, api: BotCheckApi): ProviderDriver {
  switch (provider) {
    case 'altcha':
      return altchaDriver(api)
    case 'hcaptcha':
      return hcaptchaDriver()
    case 'turnstile':
      return turnstileDriver()
    default: {
      const unknown: never = provider
      throw new Error(`[botcheck] unknown provider ${String(unknown)}`)
    }
  }
}

/** The loader machine with a provider's side effects supplied. */
export function providedLoader(driver: ProviderDriver): BotCheckLoaderMachine {
  return botCheckLoaderMachine.provide({
    actors: {
      loadScript: fromPromise(({ input }) => driver.loadScript(input.siteKey)),
      execute: fromPromise(({ input }) => driver.execute(input.siteKey)),
    },
    guards: {
      scriptGlobalPresent: () => driver.present(),
      providerReady: () => driver.ready(),
    },
    actions: { hideBadge: () => driver.hideBadge() },
  })
}

/** One token from a running loader: loads with `siteKey` if needed, then executes. */
export function tokenFrom(actor: Actor<BotCheckLoaderMachine>, siteKey: string): Promise<string> {
  return new Promise<void>((resolve, reject) => {
    const loaded = actor.on('loaded', (event) => {
      if (event.siteKey !== siteKey) return
      stop()
      resolve()
    })
    const failed = actor.on('failed', (event) => {
      if (event.siteKey !== siteKey) return
      stop()
      reject(new Error(`[botcheck] not loaded: ${event.reason}`))
    })
    const stop = () => {
      loaded.unsubscribe()
      failed.unsubscribe()
    }
    actor.send({ type: 'LOAD', siteKey })
  }).then(
    () =>
      new Promise<string>((resolve, reject) => {
        const token = actor.on('token', (event) => {
          stop()
          resolve(event.token)
        })
        const failed = actor.on('tokenFailed', (event) => {
          stop()
          reject(event.error instanceof Error ? event.error : new Error(String(event.error)))
        })
        const stop = () => {
          token.unsubscribe()
          failed.unsubscribe()
        }
        actor.send({ type: 'EXECUTE' })
      }),
  )
}

let page: { actor: Actor<BotCheckLoaderMachine>; siteKey: string } | undefined
let queue: Promise<unknown> = Promise.resolve()

function loaderOf(config: BotCheckClientConfig, api: BotCheckApi) {
  if (!page) {
    const provider = config.provider as Exclude<BotCheckProvider, 'off'>
    const actor = createActor(providedLoader(driverFor(provider, api)))
    actor.start()
    page = { actor, siteKey: provider === 'altcha' ? ALTCHA_SITE_KEY : (config.site_key ?? '') }
  }
  return page
}

/**
 * The fields a guarded call adds to its body: `{ 'h-captcha-response': <solution> }`, or none
 * when the server runs no bot check. Rejects when the check cannot run (the form shows it).
 */
export async function botCheckFields(api: BotCheckApi): Promise<Record<string, string>> {
  const config = (await clientConfigOnce(api)).bot_check
  if (!config || config.provider === 'off') return {}
  const { actor, siteKey } = loaderOf(config, api)
  // One token at a time: a provider widget serves one request at once.
  const token = queue.then(() => tokenFrom(actor, siteKey))
  queue = token.catch(() => undefined)
  return { [BOT_CHECK_FIELD]: await token }
}
