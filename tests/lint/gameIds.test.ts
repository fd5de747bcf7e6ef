import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { GAMES } from '../../games/registry'

/**
 * A game is named in production code only in its own folders (games/<id>/, server/games/<id>/)
 * and in the registry (games/registry.ts): everything else reads the registry. This test finds
 * every string literal (comments and import paths aside) that names a registered game's id, as
 * the whole text or as a part of a path or key (`/games/dice`, `pages:dice.title`), anywhere
 * else in the production code. A place that must keep one says why below.
 */
const root = fileURLToPath(new URL('../..', import.meta.url))

/** Files allowed to name a game, with the reason each must. */
const ALLOWED: Readonly<Record<string, string>> = {
  // Engine and contract sit under the registry (the engine imports no game), and both hold
  // SPEC's own lists, which name games not built yet.
  'games/engine/money/limits.ts':
    "SPEC's bet limits are keyed by limits group; the definition names the group it uses",
  'contract/misc.ts':
    "SPEC section 7's service names: a deployment's services, several without a game yet",
  'games/engine/fairness/chain.ts': "crash's chain publication file, which the engine writes",
  // Crash's family, live rounds, has no generic page, proof or history item yet (the rooms
  // issue brings them): its own are named by it.
  'contract/profile.ts': "crash's own history item (the live family's is not generic yet)",
  'scripts/fair.ts': "`npm run fair -- crash`, crash's hash chain check",
  'scripts/fairRooms.ts': "`npm run fair -- rooms`, a room's draw check",
  'src/routes/tree.tsx': "crash's own lazy page (the live family has no generic page yet)",
  'src/pages/CrashPage.tsx': "crash's own page (the live family has no generic page yet)",
  'src/pages/RoomsPage.tsx':
    "the rooms at a glance, linking each room's own page, /games/rooms/<room> (the rooms' second route)",
  'src/pages/profile/ProfileHistoryPage.tsx':
    "a crash bet's proof link, /games/crash?round=<id> (crash's proof is its own)",
  // The catalogue of third-party games: a genre of live tables shares the in-house game's word.
  'contract/catalogue.ts': "the catalogue's 'roulette' category, a genre of live tables",
  'server/catalogue/demoCatalogue.ts':
    "the demo catalogue's roulette tables and 'roulette' category (third-party games, not ours)",
  // Recordings and benchmarks of one game: the scenario and the file they write name it.
  'scripts/recordDice.ts': "dice's recorded scenarios (tests/recordings/dice-*.json)",
  'scripts/recordInstant.ts': "roulette's recorded scenarios (tests/recordings/roulette-*.json)",
  'scripts/recordKeno.ts': "keno's recorded scenario (tests/recordings/keno-autobet.json)",
  'scripts/kenoTables.ts': "keno's tables, written into docs/games.md between its markers",
  'scripts/record.ts': 'the recorded scenarios by name',
  'scripts/recordCases.ts': "cases' recorded scenario (tests/recordings/cases-*.json)",
  'scripts/fairStateful.ts': '`npm run fair -- mines|miner|hilo|coinflip`, each its own replay',
  'scripts/recordMiner.ts': "miner's recorded scenario (tests/recordings/miner-cashout.json)",
  'scripts/recordHilo.ts': "hilo's recorded scenario (tests/recordings/hilo-lost.json)",
  'scripts/recordCoinflip.ts':
    "coinflip's recorded scenario (tests/recordings/coinflip-streak.json)",
  'scripts/recordRooms.ts': "the rooms' recorded round (tests/recordings/rooms-round*.json)",
  'server/games/kit/stateful/testingGame.ts':
    "the stateful kit's test game bets in coinflip's limits, on its service",
  // Cases has a second page, a case by slug, beside the catalogue the registry's route shows:
  // the instant family gives a game one route.
  'src/routes/table.ts': "a case's own route, /games/cases/:slug (a game has one generic route)",
  'src/pages/CasePage.tsx': "a case's own page, on the cases service",
  'contract/cases.ts': "the cases catalogue's HTTP paths (/api/games/cases, the case tables)",
  'bench/bundle.ts':
    "the games' canvases as the sign their pages are ready (the cases catalogue has none)",
  'bench/lighthouse.ts': 'the pages Lighthouse audits, by name',
  'bench/render.ts': "crash's scene benchmark",
  'bench/render/caseStrip.ts': "the case strip's scene benchmark (a case's page, its test ids)",
  'bench/render/page.ts': "crash's scene benchmark",
  'bench/render/syntheticCrash.ts': "crash's scene benchmark",
  'bench/render/kenoBoard.ts': "keno's board benchmark: its page, its canvas, its buttons",
  'bench/render/statefulScenes.ts':
    "the miner, hilo and coinflip scenes' benchmark: their pages, canvases and buttons",
  'bench/fanout.ts': "crash's broadcast benchmark",
  'bench/fanout/clients.ts': "crash's broadcast benchmark",
  'bench/fanout/server.ts': "crash's broadcast benchmark",
  'bench/replay.ts': "crash's recorded round",
  'bench/compress.ts': 'a crash bet of the history answer it compresses',
  'server/geo/config.ts': "SPEC section 6's pages turned off on some hosts: crash, coinflip, cases",
}

const ids = GAMES.map((game) => game.id)
const naming = new RegExp(`(^|[/:.\\-])(${ids.join('|')})($|[/:.\\-?])`)

/** Production TypeScript: everything tracked but tests, test support, e2e and the game's own. */
function productionFiles(): string[] {
  const files = execFileSync('git', ['ls-files', '*.ts', '*.tsx'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter(Boolean)
  return files.filter(
    (file) =>
      !/\.(test|spec)\.tsx?$/.test(file) &&
      !/(^|\/)(testing|test)\//.test(file) &&
      !/(^|\/)testing\.ts$/.test(file) &&
      !file.startsWith('tests/') &&
      file !== 'games/registry.ts' &&
      !/\.d\.ts$/.test(file),
  )
}

/** The game ids a file's string literals name, outside its own folders. */
function namedIds(file: string): string[] {
  const own = /^(?:server\/)?games\/([a-z-]+)\//.exec(file)?.[1]
  const text = readFileSync(`${root}/${file}`, 'utf8')
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false)
  const found: string[] = []
  const visit = (node: ts.Node) => {
    // Import paths name folders, which the layer rules govern, not ids.
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) return
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      const id = naming.exec(node.text)?.[2]
      if (id && id !== own) found.push(`${node.text}`)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

describe('game ids', () => {
  it('are written only in their games, the registry and the allowed places', () => {
    const offenders = productionFiles()
      .filter((file) => !(file in ALLOWED))
      .flatMap((file) => namedIds(file).map((literal) => `${file}: '${literal}'`))
    expect(offenders).toEqual([])
  })

  it('allow only places that still name a game (an allowance that is no longer needed goes)', () => {
    const stale = Object.keys(ALLOWED).filter((file) => namedIds(file).length === 0)
    expect(stale).toEqual([])
  })

  it('catch an id written outside its game', () => {
    // The check itself, on literals it must and must not catch.
    for (const hit of ['dice', '/games/dice', 'pages:roulette.title', 'crash.game', '/dice'])
      expect(naming.test(hit), hit).toBe(true)
    for (const miss of ['dices', 'paradice', 'general', 'live'])
      expect(naming.test(miss), miss).toBe(false)
  })
})
