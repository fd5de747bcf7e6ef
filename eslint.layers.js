// @ts-check
import { posix } from 'node:path'
/**
 * The layers of STYLE.md section 1 and the determinism of section 5, as lint blocks whose messages
 * teach (README "Layers"; tests/lint/layers.test.ts proves each one both ways).
 *
 * Flat config never merges a rule's options: when two blocks set `no-restricted-imports` for the
 * same file, the later one replaces the earlier one whole. So every file gets exactly one block
 * per axis, and the blocks of an axis are made disjoint here (each one ignores the files of the
 * blocks before it), never by the order of the config array:
 * - kind (what a file is: pure, machine, scene, game index, other game code, shell, server) sets
 *   `no-restricted-imports`, `no-restricted-globals`, `no-restricted-properties` and
 *   `no-restricted-syntax`;
 * - place (where a file sits: the engine, other browser code, the server) sets the typescript-eslint
 *   twin `@typescript-eslint/no-restricted-imports`. Import patterns match the import string, not
 *   the resolved file, so "the engine never imports a game" and "the server imports only games'
 *   rules and protocols" depend on how many `../` lead out of the file's folder: the place blocks
 *   are cut by folder depth.
 * - resolved (games/ only): a local rule resolves each relative import against the file's folder
 *   and checks the file it reaches: the kit never imports a game, a game never imports another,
 *   and a game's definition (game.ts) imports only its own logic and the kit's define helpers.
 */

const ui = ['react', 'react-dom', 'react-dom/*', '@pixi/react', '@xstate/react', 'react-i18next']
const network = ['socket.io-client', 'socket.io', 'ky', 'ky/*']
const pixi = ['pixi.js', 'pixi.js/*', '@pixi/*']
const node = ['node:*', 'fs', 'path', 'crypto', 'os', 'child_process', 'http', 'net', 'url']
/** Browser-only parts of the engine: the canvas host, the stream client and the replay player. */
const canvas = ['**/engine/canvas', '**/engine/canvas/**']
const stream = ['**/engine/stream', '**/engine/stream/**']
const replay = ['**/engine/replay', '**/engine/replay/**']
const gameUi = ['**/ui', '**/ui/**']
const scenes = ['**/scene', '**/scene/**']
const machines = ['**/*.machine']

/** @param {string[]} group @param {string} message */
const forbid = (group, message) => ({ group, message })

// --- Messages --------------------------------------------------------------------------------
const pureMessage =
  'rules, protocols (game and HTTP), fairness and money are pure and isomorphic: they run unchanged in the browser, the server and the verifier, so they import only each other and zod.'
const machineMessage =
  'Machines own game state only: network, timers and storage arrive as provided actors (.provide()), drawing belongs to the scene and the page to the UI, so a machine runs unchanged in a replay test.'
const sceneMessage =
  'A scene only draws the snapshot it is given and reports intents through callbacks; it never touches React or the network.'
const sceneMachineMessage =
  "A scene draws a machine's snapshot but never creates or drives a machine: name the snapshot type with `import type` (e.g. `SnapshotFrom<typeof crashRoundMachine>`)."
const gamesMessage =
  'games/ is the engine, the kit and the games; the shell (src/) and the server depend on it, never the reverse.'
const engineMessage =
  'The engine (canvas, stream, replay, fairness, money) is the ground the kit and every game stand on: it never imports a game, the kit, src/ or server/.'
const definitionMessage =
  "A game's definition (games/<id>/game.ts) is pure and light: the registry reads it in the shell's first load, the server and the verifier. It imports only zod/mini, the kit's definition helpers (games/kit/define, games/kit/instant/define, games/kit/stateful/define) and its own rules and protocol, and names its logic with a dynamic `import('./protocol')` (or './rules'), never its UI, machines or scene."
const registryMessage =
  'games/registry.ts lists the definitions (games/<id>/game.ts), one line each, and nothing else: the shell, the server, the contract and the tools all read it, so it must stay light and pure.'
const indexMessage =
  'List a game\'s public exports by name: `export *` re-exports every internal, which makes "src/ uses a game only through index.ts" empty.'
const shellGameMessage =
  'The shell uses a game (or the kit) only through games/<id>/index.ts, so a game can change inside without touching the shell.'
const serverMessage =
  "The server shares only games' rules and protocols, fairness, money and the HTTP contract with the client; UI, scenes, machines, the canvas host and the stream client are browser code."
const timeMessage =
  'Rules, protocols, fairness, money and machines are deterministic: time comes from an injected clock or XState `after` delays, so fake timers and replays drive them exactly.'
const timerMessage =
  'Rules, protocols, fairness, money and machines start no timers: wait with XState `after` delays or a provided actor, so fake timers and replays drive them exactly.'
const randomMessage =
  'Rules, protocols, fairness, money and machines are deterministic: randomness comes from the provably-fair stream (or an injected source), so a replay gives the same outcome.'
const sideEffectMessage =
  'Machines reach the DOM, storage and the network only through provided actors (.provide()), so tests and replays replace them with fakes.'

// --- Import patterns per kind -----------------------------------------------------------------
const pureImports = [
  forbid([...ui, ...network, ...pixi, 'xstate', 'js-cookie', 'zustand', 'i18next'], pureMessage),
  forbid(node, pureMessage),
  forbid(['**/src/**', '**/server/**'], pureMessage),
  forbid([...gameUi, ...scenes, ...machines, ...canvas, ...stream, ...replay], pureMessage),
  // A game's client glue (its stream adapter, the machine's model) and its index (which carries
  // the UI) are not pure either.
  forbid(['**/stream', '**/*.model'], pureMessage),
  { regex: '^\\.{1,2}(/index)?$', message: pureMessage },
]
const gamesImports = [forbid(['**/src/**', '**/server/**'], gamesMessage)]
// A definition's relative imports are checked on their resolved paths (resolvedBlocks below);
// of the packages, only zod/mini.
const definitionImports = [
  ...pureImports,
  { regex: '^(?!zod/mini$|\\.)', message: definitionMessage },
]
const registryImports = [
  ...pureImports,
  { regex: '^(?!\\./[a-z-]+/game$|\\./kit/(instant/)?define$)', message: registryMessage },
]
const shellImports = [
  forbid(
    ['**/server/**', '**/server'],
    'src/ runs in the browser and never imports the server; talk to it through src/api.',
  ),
  { regex: '(^|/)games/(?!engine/)[a-z-]+/(?!index$).+', message: shellGameMessage },
  {
    regex: '(^|/)games/engine/[a-z-]+/(?!index$).+',
    message: 'The shell uses an engine module only through its index.ts.',
  },
]
const machineImports = [
  forbid([...pixi, ...ui, ...network, 'js-cookie'], machineMessage),
  forbid([...gameUi, ...scenes, ...canvas, ...stream], machineMessage),
  forbid(['**/src/**', '**/server/**'], machineMessage),
]
const sceneImports = [
  forbid([...ui, ...network, ...gameUi, ...stream, '**/src/**', '**/server/**'], sceneMessage),
  {
    group: ['xstate', 'xstate/*', ...machines],
    allowTypeImports: true,
    message: sceneMachineMessage,
  },
]
const serverImports = [
  forbid(
    [...ui, ...pixi, 'socket.io-client', 'ky', ...gameUi, ...scenes, ...machines],
    serverMessage,
  ),
  forbid(
    ['**/games/engine/canvas', '**/games/engine/stream', '**/games/engine/replay'],
    serverMessage,
  ),
  forbid(
    ['**/games/engine/canvas/**', '**/games/engine/stream/**', '**/games/engine/replay/**'],
    serverMessage,
  ),
  {
    // What the shell and the server share (the HTTP contract, money and ids) lives outside src/,
    // in contract/ and games/engine/money.
    regex: '(^|/)src(/|$)',
    message:
      'The server imports nothing from src/ (the browser shell): the HTTP contract it shares with the shell is contract/.',
  },
]

// --- Determinism (rules, protocols, fairness, money, machines) --------------------------------
const timers = ['setTimeout', 'setInterval', 'setImmediate', 'requestAnimationFrame']
const deterministicGlobals = timers.map((name) => ({ name, message: timerMessage }))
const deterministicProperties = [
  { object: 'Date', property: 'now', message: timeMessage },
  { object: 'performance', property: 'now', message: timeMessage },
  { object: 'Math', property: 'random', message: randomMessage },
  { object: 'crypto', property: 'getRandomValues', message: randomMessage },
  { object: 'crypto', property: 'randomUUID', message: randomMessage },
  ...['globalThis', 'window', 'self'].flatMap((object) =>
    timers.map((property) => ({ object, property, message: timerMessage })),
  ),
]
const deterministicSyntax = [
  { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: timeMessage },
  { selector: "CallExpression[callee.name='Date']", message: timeMessage },
]
/** @param {string[]} names @param {string} message */
const globalsWith = (names, message) => names.map((name) => ({ name, message }))

// --- Files per kind -----------------------------------------------------------------------------
/** Every TypeScript file under `root`. @param {string} root */
const code = (root) => `${root}/**/*.{ts,tsx}`
const gameTests = ['games/**/*.test.{ts,tsx}']
const shellTests = ['src/**/*.test.{ts,tsx}']
/** Pure files of the games and the kit (`games/kit/**` included by the `**`). */
const pureGameFiles = [
  'games/**/rules.ts',
  'games/**/rules/**/*.ts',
  'games/**/protocol.ts',
  'games/**/protocol/**/*.ts',
  'games/engine/fairness/**/*.ts',
  'games/engine/money/**/*.ts',
  // The kit's definition helpers, which game definitions and the registry import.
  'games/kit/define.ts',
  'games/kit/**/define.ts',
]
const httpContractFiles = ['contract/**/*.ts']
const machineFiles = ['games/**/*.machine.ts', 'games/**/machine.ts', 'games/**/*.model.ts']
const sceneFiles = ['games/**/scene/**/*.{ts,tsx}']
const indexFiles = ['games/*/index.ts', 'games/engine/*/index.ts']

/** @typedef {{ name: string, files: string[], rules: Record<string, unknown> }} Zone */

/**
 * Makes the zones disjoint: each one ignores the files of every zone before it, so a file gets
 * the first zone that matches it and no later block replaces that zone's options.
 * @param {Zone[]} zones
 */
function firstMatchWins(zones) {
  /** @type {string[]} */
  const taken = []
  return zones.map((zone) => {
    const block = { ...zone, ignores: [...taken] }
    taken.push(...zone.files)
    return block
  })
}

/**
 * @param {{ imports: object[], globals?: object[], properties?: object[], syntax?: object[] }} parts
 */
const kindRules = ({ imports, globals = [], properties = [], syntax = [] }) => ({
  'no-restricted-imports': ['error', { patterns: imports }],
  'no-restricted-globals': ['error', ...globals],
  'no-restricted-properties': ['error', ...properties],
  'no-restricted-syntax': ['error', ...syntax],
})

const pureGlobals = [
  ...globalsWith(['window', 'document', 'process', 'fetch', 'localStorage'], pureMessage),
  ...deterministicGlobals,
]
const deterministic = { properties: deterministicProperties, syntax: deterministicSyntax }

/** One block per file: what kind of code it is decides what it may import and call. */
export const kindBlocks = firstMatchWins([
  // Tests first: a test may drive the layer it tests with the layers around it (a scene's test
  // runs the machine for a real snapshot); it still never crosses games/, src/ and server/.
  { name: 'layers/game-tests', files: gameTests, rules: kindRules({ imports: gamesImports }) },
  { name: 'layers/shell-tests', files: shellTests, rules: kindRules({ imports: shellImports }) },
  {
    name: 'layers/game-definition',
    files: ['games/*/game.ts'],
    rules: kindRules({
      imports: definitionImports,
      globals: pureGlobals,
      properties: deterministicProperties,
      syntax: deterministicSyntax,
    }),
  },
  {
    name: 'layers/registry',
    files: ['games/registry.ts'],
    rules: kindRules({ imports: registryImports, globals: pureGlobals, ...deterministic }),
  },
  {
    name: 'layers/pure',
    files: pureGameFiles,
    rules: kindRules({ imports: pureImports, globals: pureGlobals, ...deterministic }),
  },
  {
    // The HTTP contract, shared by the shell and the server, is pure like a game's protocol.
    name: 'layers/pure-http-contract',
    files: httpContractFiles,
    rules: kindRules({
      imports: pureImports,
      globals: pureGlobals,
      ...deterministic,
    }),
  },
  {
    name: 'layers/machines',
    files: machineFiles,
    rules: kindRules({
      imports: machineImports,
      globals: [
        ...globalsWith(
          ['window', 'document', 'localStorage', 'sessionStorage', 'fetch', 'WebSocket'],
          sideEffectMessage,
        ),
        ...deterministicGlobals,
      ],
      ...deterministic,
    }),
  },
  { name: 'layers/scenes', files: sceneFiles, rules: kindRules({ imports: sceneImports }) },
  {
    name: 'layers/game-index',
    files: indexFiles,
    rules: kindRules({
      imports: gamesImports,
      syntax: [{ selector: 'ExportAllDeclaration', message: indexMessage }],
    }),
  },
  { name: 'layers/games', files: [code('games')], rules: kindRules({ imports: gamesImports }) },
  { name: 'layers/shell', files: [code('src')], rules: kindRules({ imports: shellImports }) },
  { name: 'layers/server', files: [code('server')], rules: kindRules({ imports: serverImports }) },
])

// --- Place axis: cut by folder depth --------------------------------------------------------------
/** Deep enough for every folder today (the engine goes 2 deep, the server 3); raise it if needed. */
const MAX_DEPTH = 8
const depths = Array.from({ length: MAX_DEPTH + 1 }, (_, depth) => depth)
/** Files exactly `depth` folders below `root`. @param {string} root @param {number} depth */
const atDepth = (root, depth) => `${root}/${'*/'.repeat(depth)}*.{ts,tsx}`
/** `n` leading `../` as a regex. @param {number} n */
const up = (n) => `^(\\.\\./){${n}}`

const zodMini = {
  name: 'zod',
  message:
    "Use zod/mini (`import { z } from 'zod/mini'`) in browser code: classic zod adds ~12 KB gzip of method classes that tree-shaking cannot drop. Only the server's own schemas use classic.",
}
/** @param {{ patterns?: object[], browser: boolean }} options */
const placeRule = ({ patterns = [], browser }) => ({
  '@typescript-eslint/no-restricted-imports': [
    'error',
    { paths: browser ? [zodMini] : [], patterns },
  ],
})

/** One block per file: where it sits decides which folders it may reach with `../`. */
export const placeBlocks = firstMatchWins([
  // A file `depth` folders inside games/engine leaves the engine with `depth + 1` times `../`.
  ...depths.map((depth) => ({
    name: `layers/engine-depth-${depth}`,
    files: [atDepth('games/engine', depth)],
    rules: placeRule({
      browser: true,
      patterns: [{ regex: `${up(depth + 1)}(?!engine/)`, message: engineMessage }],
    }),
  })),
  // The HTTP contract, `depth` folders inside contract/, leaves its folder with `depth + 1`
  // times `../`: only to reach fairness and money in games/engine.
  ...depths.map((depth) => ({
    name: `layers/http-contract-depth-${depth}`,
    files: [atDepth('contract', depth)],
    rules: placeRule({
      browser: true,
      patterns: [
        {
          regex: `${up(depth + 1)}(?!games/engine/(fairness|money)(/|$)|games/registry$)`,
          message: pureMessage,
        },
      ],
    }),
  })),
  // The HTTP protocols are shared with the server, and zod/mini schemas parse there the same.
  {
    name: 'layers/browser',
    files: [code('src'), code('games')],
    rules: placeRule({ browser: true }),
  },
  // A file `depth` folders inside server/ reaches the root's games/ with `depth + 1` times `../`;
  // the server's own server/games/ is nearer and stays free.
  ...depths.map((depth) => ({
    name: `layers/server-depth-${depth}`,
    files: [atDepth('server', depth)],
    rules: placeRule({
      browser: false,
      patterns: [
        {
          regex: `${up(depth + 1)}games/(?!(engine/(fairness|money)|[a-z-]+/(rules|protocol|game)|kit/([a-z-]+/)*(rules|protocol|define)|registry)(/|$))`,
          message: serverMessage,
        },
      ],
    }),
  })),
])

// --- Resolved-path axis: games, the kit and definitions ------------------------------------------
// The blocks above match import strings; these rules resolve each relative import against the
// file's folder first, so `../../dice/rules` and `../dice/rules` are the same file, whatever the
// depth of the file that imports it.

const kitGameMessage =
  'The kit never imports a game: every game stands on it, so a game in the kit would load with every other one and tie the kit to it. Take what differs as a parameter or a slot (see games/kit/instant/ui/InstantLayout.tsx), or move the shared part into the kit.'
const gameGameMessage =
  "A game never imports another game: each loads alone with its route and can change without the others. Move what both use into the kit (games/kit/) or the engine, or read the registry's facts from the shell."

/** `games/<id>/…` of a root-relative path, or null (the kit and the engine are not games). */
const gameOf = (/** @type {string} */ path) => {
  const id = /^games\/([a-z0-9-]+)\//.exec(path)?.[1]
  return id && id !== 'kit' && id !== 'engine' ? id : null
}

/** @type {import('eslint').Rule.RuleModule} */
const resolvedImportsRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Layer rules of games/ on resolved import paths' },
    schema: [],
  },
  create(context) {
    const slashes = (/** @type {string} */ path) => path.replaceAll('\\', '/')
    const file = posix.relative(slashes(context.cwd), slashes(context.filename))
    if (!file.startsWith('games/') || /\.test\.tsx?$/.test(file)) return {}
    const inKit = file.startsWith('games/kit/') && !file.startsWith('games/kit/testing/')
    const ownGame = gameOf(file)
    const definition = /^games\/[a-z0-9-]+\/game\.ts$/.test(file)
    const folder = file.slice(0, file.lastIndexOf('/'))
    /** @param {import('estree').Node} node @param {unknown} source @param {boolean} dynamic */
    const check = (node, source, dynamic) => {
      if (typeof source !== 'string') {
        if (definition && dynamic) context.report({ node, message: definitionMessage })
        return
      }
      if (!source.startsWith('.')) return
      const target = posix.normalize(posix.join(folder, source))
      const targetGame = gameOf(`${target}/`)
      if (inKit && (targetGame || target === 'games/registry')) {
        context.report({ node, message: kitGameMessage })
      } else if (ownGame && targetGame && targetGame !== ownGame) {
        context.report({ node, message: gameGameMessage })
      } else if (ownGame && target === 'games/registry') {
        context.report({ node, message: gameGameMessage })
      }
      if (definition) {
        const own = `games/${ownGame}/`
        const allowed = dynamic
          ? [`${own}rules`, `${own}protocol`]
          : [
              `${own}rules`,
              `${own}protocol`,
              'games/kit/define',
              'games/kit/instant/define',
              'games/kit/stateful/define',
            ]
        if (!allowed.includes(target)) context.report({ node, message: definitionMessage })
      }
    }
    return {
      ImportDeclaration: (node) => check(node, node.source.value, false),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value, false),
      ExportAllDeclaration: (node) => check(node, node.source.value, false),
      ImportExpression: (node) =>
        check(node, node.source.type === 'Literal' ? node.source.value : null, true),
    }
  },
}

/** The local plugin of the resolved-path rules, and the block that turns them on. */
export const resolvedBlocks = [
  {
    name: 'layers/resolved-imports',
    files: [code('games')],
    plugins: { layers: { rules: { 'resolved-imports': resolvedImportsRule } } },
    rules: { 'layers/resolved-imports': 'error' },
  },
]
