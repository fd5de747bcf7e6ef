/**
 * The crash game's module (kit/module.ts): the `/crash` namespace on the `crash` service, its
 * round loop, its proof route and its page of the bet history.
 */
import { crashGame } from '../../../games/crash/game'
import { PROTOCOL_VERSION, crashWire as crashProtocol } from '../../../games/crash/protocol'
import type { BetHistoryItem } from '../../../contract'
import { startLiveGame } from '../kit/live/module'
import type { GameModule, GameRuntime } from '../kit/module'
import { namespaceEmitter } from '../kit/namespace'
import { CRASH_GAME_ID } from './bet'
import { defaultPublicationPath } from './chainStore'
import { CrashService, type CrashOptions } from './CrashService'
import { crashHistory } from './history'
import { crashRoutes } from './routes'
import { crashWire } from './wire'

/** Crash loop options a start may set (timings, scheduler, chain, publication path). */
export type CrashModuleOptions = Partial<
  Omit<CrashOptions, 'db' | 'ledger' | 'emitter' | 'log' | 'testHooks'>
>

/**
 * The running crash game: its service, for tests and tools that drive or read the loop (in the
 * process that leads it: elsewhere reading it throws).
 */
export interface CrashRuntime extends GameRuntime {
  readonly crash: CrashService
}

/**
 * The crash module; `options` are for tests and tools (the server starts it with none: real
 * time, the stored chain, published beside the data directory).
 */
export function crashModule(
  options: CrashModuleOptions = {},
): GameModule<CrashRuntime, 'crash', BetHistoryItem> {
  return {
    id: CRASH_GAME_ID,
    service: crashGame.service,
    namespace: crashGame.namespace,
    protocol: {
      version: PROTOCOL_VERSION,
      events: crashProtocol.eventNames,
      commands: crashProtocol.commandNames,
    },
    async start(context) {
      const { services, nsp, log } = context
      const live = await startLiveGame(context, {
        game: CRASH_GAME_ID,
        lockName: 'live:crash',
        start: () =>
          CrashService.start({
            publicationPath: defaultPublicationPath(services.config),
            ...options,
            db: services.db,
            ledger: services.ledger,
            emitter: services.testHooks
              ? services.testHooks.emitter('crash', namespaceEmitter(nsp))
              : namespaceEmitter(nsp),
            privacy: services.privacy,
            log,
            testHooks: services.testHooks,
          }),
        stop: (crash) => crash.stop(),
        wire: crashWire,
        ...(options.scheduler ? { scheduler: options.scheduler } : {}),
      })
      return {
        get crash() {
          return live.loop()
        },
        wire: live.wire,
        stop: live.stop,
      }
    },
    routes: crashRoutes,
    history: crashHistory,
  }
}
