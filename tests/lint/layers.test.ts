import { ESLint } from 'eslint'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'

/**
 * Each layer rule of eslint.config.js (STYLE.md sections 1 and 5), proved both ways: a probe that
 * breaks it fails with the rule's message, and an allowed probe at the same path passes. Probes
 * are linted from memory at paths that need not exist, so nothing is written to the tree.
 */
const LAYER_RULES = new Set([
  'no-restricted-imports',
  '@typescript-eslint/no-restricted-imports',
  'no-restricted-globals',
  'no-restricted-properties',
  'no-restricted-syntax',
  'layers/resolved-imports',
])

/** A phrase of each rule's message: the error must still teach what the rule is for. */
const MESSAGE = {
  pure: 'pure and isomorphic',
  machine: 'Machines own game state only',
  sideEffect: 'Machines reach the DOM, storage and the network only through provided actors',
  scene: 'A scene only draws the snapshot',
  sceneMachine: 'never creates or drives a machine',
  engine: 'it never imports a game, the kit',
  games: 'games/ is the engine, the kit and the games',
  server: "The server shares only games' rules and protocols",
  serverSrc: 'The server imports nothing from src/ (the browser shell)',
  shellGame: 'The shell uses a game (or the kit) only through',
  shellEngine: 'The shell uses an engine module only through its index.ts',
  shellServer: 'src/ runs in the browser and never imports the server',
  index: "List a game's public exports by name",
  time: 'time comes from an injected clock or XState `after`',
  timer: 'wait with XState `after` delays or a provided actor',
  random: 'randomness comes from the provably-fair stream',
  zodMini: 'Use zod/mini',
  kitGame: 'The kit never imports a game',
  gameGame: 'A game never imports another game',
  definition: "A game's definition (games/<id>/game.ts) is pure and light",
  registry: 'games/registry.ts lists the definitions',
} as const

let eslint: ESLint
beforeAll(() => {
  eslint = new ESLint({ cwd: fileURLToPath(new URL('../..', import.meta.url)) })
})

async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  if (!result) throw new Error(`[layers.test] no lint result for ${filePath}`)
  // A probe outside every config block would pass silently: make that an error of its own.
  expect(result.messages.filter((m) => m.message.includes('File ignored'))).toEqual([])
  return result.messages.filter((m) => LAYER_RULES.has(m.ruleId ?? '')).map((m) => m.message)
}

/** The import line that uses `source`, so no-unused-vars stays quiet. */
const importing = (source: string) => `import { probe } from '${source}'\nexport { probe }\n`

async function expectBroken(filePath: string, code: string, message: string) {
  const errors = await layerErrors(filePath, code)
  expect(
    errors.some((e) => e.includes(message)),
    errors.join('\n') || '(no errors)',
  ).toBe(true)
}
async function expectAllowed(filePath: string, code: string) {
  expect(await layerErrors(filePath, code)).toEqual([])
}

type Case = [filePath: string, source: string, message: string]

/** Cases that break a rule (import `source` from `filePath`), then imports the same file may use. */
function importRule(name: string, broken: Case[], allowed: [filePath: string, source: string][]) {
  describe(name, () => {
    it.each(broken)('%s importing %s fails', (filePath, source, message) =>
      expectBroken(filePath, importing(source), message),
    )
    it.each(allowed)('%s importing %s passes', (filePath, source) =>
      expectAllowed(filePath, importing(source)),
    )
  })
}

const pureFiles = [
  'games/probe/rules.ts',
  'games/probe/protocol.ts',
  'games/kit/wire/protocol.ts',
  'games/engine/money/probe.ts',
  'games/engine/fairness/probe.ts',
]
importRule(
  'rules, protocols, fairness and money are pure',
  [
    ...pureFiles.flatMap((file): Case[] =>
      ['pixi.js', 'react', 'socket.io-client', 'ky', 'xstate', 'node:crypto'].map((source) => [
        file,
        source,
        MESSAGE.pure,
      ]),
    ),
    ['games/probe/rules.ts', './stream', MESSAGE.pure],
    ['games/probe/rules.ts', './round.model', MESSAGE.pure],
    ['games/probe/protocol.ts', '.', MESSAGE.pure],
    ['games/probe/protocol.ts', './ui/BetPanel', MESSAGE.pure],
    ['games/kit/wire/protocol.ts', '../../engine/replay', MESSAGE.pure],
  ],
  [
    ['games/probe/rules.ts', 'zod/mini'],
    ['games/probe/protocol.ts', './rules'],
    ['games/probe/protocol.ts', '../engine/money'],
    ['games/kit/wire/protocol.ts', '../../engine/fairness'],
  ],
)

importRule(
  'the HTTP contract (contract/) is pure too',
  [
    ['contract/probe.ts', 'react', MESSAGE.pure],
    ['contract/probe.ts', 'ky', MESSAGE.pure],
    ['contract/probe.ts', '../src/stores/session', MESSAGE.pure],
    ['contract/probe.ts', '../src/api/client', MESSAGE.pure],
    ['contract/probe.ts', '../games/engine/stream', MESSAGE.pure],
    ['contract/probe.ts', '../games/crash/rules', MESSAGE.pure],
    ['contract/probe.ts', '../server/ledger/ledger', MESSAGE.pure],
  ],
  [
    ['contract/probe.ts', 'zod/mini'],
    ['contract/probe.ts', './common'],
    ['contract/probe.ts', '../games/engine/money'],
  ],
)

const machineFiles = ['games/probe/round.machine.ts', 'games/kit/autobet/autobet.machine.ts']
importRule(
  'machines never touch the canvas, the UI or the network',
  machineFiles.flatMap((file): Case[] =>
    [
      'pixi.js',
      'react',
      '@xstate/react',
      'socket.io-client',
      'ky',
      '../engine/stream',
      '../engine/stream/createGameStream',
      '../engine/canvas',
      '../engine/canvas/CanvasHost',
      './ui/BetPanel',
      './scene/ProbeScene',
    ].map((source) => [file, source, MESSAGE.machine]),
  ),
  [
    ['games/probe/round.machine.ts', 'xstate'],
    ['games/probe/round.machine.ts', './rules'],
    ['games/probe/round.machine.ts', './protocol'],
    ['games/kit/autobet/autobet.machine.ts', '../../engine/money'],
  ],
)

const sceneFiles = ['games/probe/scene/ProbeScene.ts', 'games/kit/scene/ResultStrip.ts']
importRule(
  'scenes never touch React, the network or a running machine',
  sceneFiles.flatMap((file): Case[] => [
    [file, 'xstate', MESSAGE.sceneMachine],
    [file, '../round.machine', MESSAGE.sceneMachine],
    [file, 'react', MESSAGE.scene],
    [file, 'socket.io-client', MESSAGE.scene],
    [file, '../ui/BetPanel', MESSAGE.scene],
    [file, '../engine/stream', MESSAGE.scene],
  ]),
  [
    ['games/probe/scene/ProbeScene.ts', 'pixi.js'],
    ['games/probe/scene/ProbeScene.ts', '../rules'],
    ['games/probe/scene/ProbeScene.ts', '../../engine/canvas'],
  ],
)

describe('a scene may name the machine snapshot type', () => {
  const typeOnly = `import type { SnapshotFrom } from 'xstate'
import type { probeMachine } from '../round.machine'
export type View = SnapshotFrom<typeof probeMachine>
`
  it.each(sceneFiles)('%s with `import type` passes', (file) => expectAllowed(file, typeOnly))
})

importRule(
  'the engine never imports a game or the kit',
  [
    ['games/engine/canvas/Probe.ts', '../../crash/rules', MESSAGE.engine],
    ['games/engine/canvas/Probe.ts', '../../kit', MESSAGE.engine],
    ['games/engine/probe.ts', '../crash', MESSAGE.engine],
    ['games/engine/canvas/examples/Probe.ts', '../../../crash/scene/CrashScene', MESSAGE.engine],
    ['games/engine/money/probe.ts', '../../kit/wire/protocol', MESSAGE.engine],
    ['games/engine/canvas/Probe.ts', '../../../src/stores/session', MESSAGE.games],
  ],
  [
    ['games/engine/canvas/Probe.ts', '../money'],
    ['games/engine/canvas/examples/Probe.ts', '../../money'],
    ['games/engine/probe.ts', './money'],
  ],
)

importRule(
  'games never import the shell or the server',
  [
    ['games/probe/ui/Panel.tsx', '../../../src/stores/session', MESSAGE.games],
    ['games/kit/ui/Panel.tsx', '../../../server/app', MESSAGE.games],
  ],
  [['games/probe/ui/Panel.tsx', '../../engine/canvas']],
)

importRule(
  "the server imports only games' rules, protocols, fairness, money and the HTTP contract",
  [
    ['server/games/probe/service.ts', '../../../src/api/client', MESSAGE.serverSrc],
    ['server/games/probe/service.ts', '../../../src/stores/session', MESSAGE.serverSrc],
    ['server/http/routes/probe.ts', '../../../src/api/protocol', MESSAGE.serverSrc],
    ['server/games/probe/service.ts', '../../../games/crash/ui/CrashGame', MESSAGE.server],
    ['server/games/probe/service.ts', '../../../games/crash/scene/CrashScene', MESSAGE.server],
    ['server/games/probe/service.ts', '../../../games/crash/round.machine', MESSAGE.server],
    ['server/games/probe/service.ts', '../../../games/crash', MESSAGE.server],
    ['server/games/probe/service.ts', '../../../games/crash/stream', MESSAGE.server],
    ['server/games/probe/service.ts', '../../../games/engine/stream', MESSAGE.server],
    ['server/games/probe/service.ts', '../../../games/engine/canvas', MESSAGE.server],
    ['server/games/kit/namespace.ts', '../../../games/kit/ui/BetAmount', MESSAGE.server],
    ['server/games/kit/namespace.ts', '../../../games/kit', MESSAGE.server],
    ['server/realtime/probe.ts', '../../games/crash/ui/CrashGame', MESSAGE.server],
    ['server/app.ts', '../games/crash/round.machine', MESSAGE.server],
    ['server/app.ts', 'react', MESSAGE.server],
  ],
  [
    ['server/games/probe/service.ts', '../../../games/crash/rules'],
    ['server/games/probe/service.ts', '../../../games/crash/protocol'],
    ['server/games/probe/service.ts', '../../../games/engine/fairness'],
    ['server/games/probe/service.ts', '../../../games/engine/money'],
    ['server/games/probe/service.ts', '../../../games/kit/wire/protocol'],
    ['server/games/probe/service.ts', '../../../contract'],
    ['server/games/probe/service.ts', '../../kit/namespace'],
    ['server/realtime/probe.ts', '../games/crash/socket'],
    ['server/app.ts', './games/crash/routes'],
    ['server/app.ts', 'zod'],
  ],
)

importRule(
  'the shell uses a game only through its index.ts',
  [
    ['src/pages/Probe.tsx', '../../games/crash/ui/CrashGame', MESSAGE.shellGame],
    ['src/pages/Probe.tsx', '../../games/crash/round.machine', MESSAGE.shellGame],
    ['src/pages/Probe.tsx', '../../games/kit/ui/BetAmount', MESSAGE.shellGame],
    ['src/pages/Probe.tsx', '../../games/engine/money/minor', MESSAGE.shellEngine],
    ['src/pages/Probe.tsx', '../../server/app', MESSAGE.shellServer],
    ['src/pages/Probe.tsx', 'zod', MESSAGE.zodMini],
  ],
  [
    ['src/pages/Probe.tsx', '../../games/crash'],
    ['src/pages/Probe.tsx', '../../games/crash/index'],
    ['src/pages/Probe.tsx', '../../games/kit'],
    ['src/pages/Probe.tsx', '../../games/engine/money'],
  ],
)

describe("a game's index lists its exports by name", () => {
  it.each(['games/probe/index.ts', 'games/kit/index.ts', 'games/engine/stream/index.ts'])(
    '`export *` in %s fails, `export { … }` passes',
    async (file) => {
      await expectBroken(file, "export * from './rules'\n", MESSAGE.index)
      await expectBroken(file, "export * as rules from './rules'\n", MESSAGE.index)
      await expectAllowed(file, "export { payout, type Multiplier } from './rules'\n")
    },
  )
})

describe('rules, protocols, fairness, money and machines are deterministic', () => {
  const files = [...pureFiles, 'contract/probe.ts', ...machineFiles]
  const broken: [string, string][] = [
    ['export const now = Date.now()', MESSAGE.time],
    ['export const now = performance.now()', MESSAGE.time],
    ['export const now = new Date()', MESSAGE.time],
    ['export const roll = Math.random()', MESSAGE.random],
    ['export const key = crypto.randomUUID()', MESSAGE.random],
    ['setTimeout(() => undefined, 10)', MESSAGE.timer],
    ['setInterval(() => undefined, 10)', MESSAGE.timer],
    ['requestAnimationFrame(() => undefined)', MESSAGE.timer],
    ['globalThis.setTimeout(() => undefined, 10)', MESSAGE.timer],
  ]
  describe.each(files)('%s', (file) => {
    it.each(broken)('`%s` fails', (code, message) => expectBroken(file, `${code}\n`, message))
    it('a given time and a microtask pass', () =>
      expectAllowed(
        file,
        'export const at = (ms: number) => new Date(ms)\nqueueMicrotask(() => undefined)\n',
      ))
  })

  it.each(['games/probe/scene/ProbeScene.ts', 'games/probe/ui/Panel.tsx'])(
    '%s may animate with the clock and frames (the rule stops at rules and machines)',
    (file) =>
      expectAllowed(
        file,
        'export const start = () => requestAnimationFrame(() => performance.now())\n',
      ),
  )

  it.each(machineFiles)('%s reaches no DOM, storage or network', (file) =>
    expectBroken(file, "export const read = () => localStorage.getItem('x')\n", MESSAGE.sideEffect),
  )
})

// Checked on the resolved path: the same file however many `../` lead to it.
importRule(
  'the kit never imports a game, a game never imports another (resolved paths)',
  [
    ['games/kit/ui/Probe.tsx', '../../dice/rules', MESSAGE.kitGame],
    ['games/kit/instant/ui/Probe.tsx', '../../../roulette', MESSAGE.kitGame],
    ['games/kit/probe.ts', '../registry', MESSAGE.kitGame],
    ['games/dice/ui/Probe.tsx', '../../roulette/rules', MESSAGE.gameGame],
    ['games/dice/scene/deep/Probe.ts', '../../../crash/scene/geometry', MESSAGE.gameGame],
    ['games/dice/probe.ts', '../registry', MESSAGE.gameGame],
  ],
  [
    ['games/kit/instant/ui/Probe.tsx', '../../ui/GameFrame'],
    ['games/kit/instant/probe.ts', '../define'],
    ['games/dice/ui/Probe.tsx', '../../kit/ui/GameFrame'],
    ['games/dice/ui/Probe.tsx', '../rules'],
    ['games/dice/scene/deep/Probe.ts', '../../rules'],
  ],
)

importRule(
  "a game's definition is pure, and the registry lists definitions only",
  [
    ['games/probe/game.ts', './ui/ProbeGame', MESSAGE.definition],
    ['games/probe/game.ts', './client', MESSAGE.definition],
    ['games/probe/game.ts', '../kit/ui/GamePage', MESSAGE.definition],
    ['games/probe/game.ts', '../dice/rules', MESSAGE.gameGame],
    ['games/probe/game.ts', 'react', MESSAGE.pure],
    ['games/probe/game.ts', 'xstate', MESSAGE.pure],
    ['games/registry.ts', './dice/client', MESSAGE.registry],
    ['games/registry.ts', './kit/ui/GamePage', MESSAGE.registry],
  ],
  [
    ['games/probe/game.ts', 'zod/mini'],
    ['games/probe/game.ts', './rules'],
    ['games/probe/game.ts', './protocol'],
    ['games/probe/game.ts', '../kit/instant/define'],
    ['games/probe/game.ts', '../kit/define'],
    ['games/registry.ts', './dice/game'],
    ['games/registry.ts', './kit/define'],
  ],
)

describe("a game's definition loads only its own logic", () => {
  it.each([
    ["export const l = () => import('./ui/ProbeGame')\n", MESSAGE.definition],
    ["export const l = () => import('../dice/protocol')\n", MESSAGE.gameGame],
    ['export const l = (p: string) => import(p)\n', MESSAGE.definition],
  ])('`%s` fails', (code, message) => expectBroken('games/probe/game.ts', code, message))
  it('its protocol or rules passes', () =>
    expectAllowed('games/probe/game.ts', "export const l = () => import('./protocol')\n"))
})
