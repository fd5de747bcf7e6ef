/**
 * The bot-check loader of SPEC.md section 4: not loaded → loading → loaded. A load with another
 * site key than the one loading or loaded is refused ("reCAPTCHA already loaded with different
 * site key!", section 8), a script that fails to load returns to not loaded (the next load tries
 * again), and outside a browser a load is refused with "This is a library for the browser!".
 *
 * Section 9's timings are delays of this machine, so a simulated clock drives them: once the
 * script has loaded, its global is polled every 25 ms; a token asked for before the provider is
 * ready is retried every 500 ms. The badge is hidden as the provider becomes loaded.
 *
 * What "the script" is belongs to the provider (providers.ts): hCaptcha's or Turnstile's script
 * tag, or for the self-hosted ALTCHA check the lazily loaded solver chunk. Results go out as
 * emitted events (`loaded`, `failed`, `token`, `tokenFailed`), which botCheck.ts turns into
 * promises.
 */
import { assertEvent, assign, emit, fromPromise, setup } from 'xstate'

/** Section 9: how often the loaded script's global is looked for, in ms. */
export const SCRIPT_POLL_MS = 25
/** Section 9: how long a token request waits before asking a provider that was not ready, in ms. */
export const NOT_READY_RETRY_MS = 500
/** Polls before a script that loaded but never defined its global counts as failed (10 s). */
export const MAX_SCRIPT_POLLS = 400

/** Section 8's log lines. */
export const OTHER_SITE_KEY_MESSAGE = 'reCAPTCHA already loaded with different site key!'
export const NOT_BROWSER_MESSAGE = 'This is a library for the browser!'

/** Why a load was refused. */
export type LoadFailure = 'not-browser' | 'other-site-key' | 'script'

/** Events callers send. */
export type LoaderEvent =
  { readonly type: 'LOAD'; readonly siteKey: string } | { readonly type: 'EXECUTE' }

/** Events the machine emits (`actor.on(...)`). */
export type LoaderEmitted =
  | { readonly type: 'loaded'; readonly siteKey: string }
  | { readonly type: 'failed'; readonly siteKey: string; readonly reason: LoadFailure }
  | { readonly type: 'token'; readonly token: string }
  | { readonly type: 'tokenFailed'; readonly error: unknown }

interface LoaderContext {
  /** The site key loading or loaded; null when not loaded. */
  readonly siteKey: string | null
  readonly polls: number
}

const loaderSetup = setup({
  types: {
    context: {} as LoaderContext,
    events: {} as LoaderEvent,
    emitted: {} as LoaderEmitted,
  },
  actors: {
    /** Adds the provider's script (or imports the solver chunk); rejects when it fails to load. */
    loadScript: fromPromise<void, { siteKey: string }>(async () => {
      throw new Error('[botcheck] provide the loadScript actor')
    }),
    /** Asks the loaded provider for a token (a solution). */
    execute: fromPromise<string, { siteKey: string }>(async () => {
      throw new Error('[botcheck] provide the execute actor')
    }),
  },
  guards: {
    /** A window to load scripts into: false under Node (server rendering, tests). */
    inBrowser: () => typeof window !== 'undefined' && typeof document !== 'undefined',
    /** The script's global (window.hcaptcha, window.turnstile) exists. */
    scriptGlobalPresent: () => false,
    /** The provider can hand out a token now. */
    providerReady: () => false,
    sameSiteKey: ({ context, event }) => {
      assertEvent(event, 'LOAD')
      return context.siteKey === event.siteKey
    },
    pollsLeft: ({ context }) => context.polls < MAX_SCRIPT_POLLS,
  },
  actions: {
    /** Where section 8's messages go (console.error by default; tests listen). */
    log: (_, params: { message: string }) => {
      console.error(params.message)
    },
    /** Section 9: the provider's badge is hidden (the forms say nothing about it). */
    hideBadge: () => {},
    emitOtherSiteKey: emit(({ event }) => {
      assertEvent(event, 'LOAD')
      return { type: 'failed' as const, siteKey: event.siteKey, reason: 'other-site-key' as const }
    }),
  },
})

const refuseOtherSiteKey = [
  { type: 'log', params: { message: OTHER_SITE_KEY_MESSAGE } },
  'emitOtherSiteKey',
] as const

/** The loader machine. Provide `loadScript`, `execute`, the two readiness guards and `hideBadge`. */
export const botCheckLoaderMachine = loaderSetup.createMachine({
  id: 'botCheckLoader',
  initial: 'notLoaded',
  context: { siteKey: null, polls: 0 },
  states: {
    notLoaded: {
      on: {
        LOAD: [
          {
            guard: 'inBrowser',
            target: 'loading',
            actions: assign(({ event }) => ({ siteKey: event.siteKey, polls: 0 })),
          },
          {
            actions: [
              { type: 'log', params: { message: NOT_BROWSER_MESSAGE } },
              emit(({ event }) => ({
                type: 'failed' as const,
                siteKey: event.siteKey,
                reason: 'not-browser' as const,
              })),
            ],
          },
        ],
      },
    },
    loading: {
      initial: 'script',
      on: {
        // The same key joins the load under way; another is refused and changes nothing.
        LOAD: [{ guard: 'sameSiteKey' }, { actions: refuseOtherSiteKey }],
      },
      states: {
        script: {
          invoke: {
            src: 'loadScript',
            input: ({ context }) => ({ siteKey: context.siteKey ?? '' }),
            onDone: 'polling',
            onError: '#botCheckLoader.failedToLoad',
          },
        },
        polling: {
          always: { guard: 'scriptGlobalPresent', target: '#botCheckLoader.loaded' },
          after: {
            [SCRIPT_POLL_MS]: [
              {
                guard: 'pollsLeft',
                target: 'polling',
                reenter: true,
                actions: assign({ polls: ({ context }) => context.polls + 1 }),
              },
              { target: '#botCheckLoader.failedToLoad' },
            ],
          },
        },
      },
    },
    // A transient state: tells the waiting callers and goes back to not loaded.
    failedToLoad: {
      always: {
        target: 'notLoaded',
        actions: [
          emit(({ context }) => ({
            type: 'failed' as const,
            siteKey: context.siteKey ?? '',
            reason: 'script' as const,
          })),
          assign({ siteKey: null, polls: 0 }),
        ],
      },
    },
    loaded: {
      entry: [
        'hideBadge',
        emit(({ context }) => ({ type: 'loaded' as const, siteKey: context.siteKey ?? '' })),
      ],
      initial: 'idle',
      on: {
        LOAD: [
          {
            guard: 'sameSiteKey',
            actions: emit(({ context }) => ({
              type: 'loaded' as const,
              siteKey: context.siteKey ?? '',
            })),
          },
          { actions: refuseOtherSiteKey },
        ],
      },
      states: {
        idle: { on: { EXECUTE: 'checking' } },
        checking: {
          always: { guard: 'providerReady', target: 'executing' },
          after: { [NOT_READY_RETRY_MS]: { target: 'checking', reenter: true } },
        },
        executing: {
          invoke: {
            src: 'execute',
            input: ({ context }) => ({ siteKey: context.siteKey ?? '' }),
            onDone: {
              target: 'idle',
              actions: emit(({ event }) => ({ type: 'token' as const, token: event.output })),
            },
            onError: {
              target: 'idle',
              actions: emit(({ event }) => ({ type: 'tokenFailed' as const, error: event.error })),
            },
          },
        },
      },
    },
  },
})

/** The machine type, for the app edge that provides it. */
export type BotCheckLoaderMachine = typeof botCheckLoaderMachine
