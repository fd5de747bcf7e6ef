/**
 * What a page of the built client loads, read from `dist/` without a browser, and the byte budgets
 * it must keep (issue 30, item 9): the lobby's first-load JS within 150 KB gzip, each game route's
 * JS and CSS within 350 KB gzip. `npm run bench -- bundle` observes the same pages in Chromium;
 * this reading follows the build's own records instead, so a test gets the same bytes every run:
 *
 * - the lobby: the scripts and stylesheets of `index.html` with every chunk they import statically,
 *   the default language's texts (`preload.json`) and the web font's faces (loaded after the first
 *   paint on every page, src/styles/loadWebFont.ts);
 * - a game route: the lobby's files, the route's own preload of `routes.json` (its page with the
 *   chunks that imports, its stylesheets, its texts in the default language), then what the page
 *   loads by `import()` as it mounts ({@link FIRST_LOAD}), each with its static imports.
 */
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

/** The lobby's first-load JavaScript, KB gzip. */
export const LOBBY_GZIP_BUDGET_KB = 150
/** A game route's JavaScript and CSS in total, KB gzip, held by the suite and the benchmark. */
export const GAME_ROUTE_GZIP_BUDGET_KB = 350

/**
 * The chunks a game page fetches by `import()` as soon as it mounts: its canvas scene (`*Scene`),
 * the canvas host's Pixi platform (`pixiPlatform`, games/engine/canvas) and the renderer Pixi then
 * picks where WebGL works (`WebGLRenderer`; the build puts it in the `canvas` chunk, which the
 * platform imports statically). Every other `import()` waits for a player's action (the proof
 * verifier) or never runs in such a browser (Pixi's WebGPU and Canvas renderers, its `Assets`).
 */
const FIRST_LOAD = /\/(\w+Scene|pixiPlatform|WebGLRenderer)-[\w-]+\.js$/

/** A built client: its chunks' imports and the records the build writes beside them. */
export interface BuiltClient {
  /** Absolute path of a file named as the page names it (`/assets/x.js`). */
  path(file: string): string
  /** The lobby's files (see the module comment). */
  lobby: ReadonlySet<string>
  /** Every game route with a page of its own, and the files it loads. */
  routes: ReadonlyMap<string, ReadonlySet<string>>
}

interface RouteRecord {
  path?: string
  preload?: { files: string[]; styles: string[]; texts: Record<string, string[]> }
}

/** Imports written in a built chunk: `from"./x.js"` / `import"./x.js"`, and `import(\`./x.js\`)`. */
function importsOf(code: string): { fixed: string[]; lazy: string[] } {
  // Any character a file name may hold but a quote: the bundler names shared chunks `a~b.js`.
  const fixed = [...code.matchAll(/(?:\bfrom|\bimport)\s*["'`]\.\/([^"'`]+\.js)["'`]/g)]
  const lazy = [...code.matchAll(/\bimport\(\s*["'`]\.\/([^"'`]+\.js)["'`]\s*\)/g)]
  return {
    fixed: fixed.map((m) => `/assets/${m[1]}`),
    lazy: lazy.map((m) => `/assets/${m[1]}`),
  }
}

/** Reads what the lobby and each game route of the client built in `dist` load. */
export function readBuiltClient(dist: string): BuiltClient {
  const path = (file: string) => join(dist, file)
  const chunks = new Map<string, { fixed: string[]; lazy: string[] }>()
  for (const name of readdirSync(join(dist, 'assets'))) {
    if (!name.endsWith('.js')) continue
    chunks.set(`/assets/${name}`, importsOf(readFileSync(join(dist, 'assets', name), 'utf8')))
  }
  const withImports = (start: Iterable<string>, into = new Set<string>()) => {
    const stack = [...start]
    while (stack.length > 0) {
      const file = stack.pop()!
      if (into.has(file)) continue
      into.add(file)
      stack.push(...(chunks.get(file)?.fixed ?? []))
    }
    return into
  }
  const html = readFileSync(path('index.html'), 'utf8')
  const scripts = [...html.matchAll(/<script[^>]*\ssrc="([^"]+\.js)"/g)].map((m) => m[1]!)
  const sheets = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+\.css)"/g)]
  const preload = JSON.parse(readFileSync(path('preload.json'), 'utf8')) as {
    default: string
    locales: Record<string, string>
  }
  const language = preload.default
  const webFont = [...readdirSync(join(dist, 'assets'))]
    .filter((n) => /^webFont-[\w-]+\.css$/.test(n))
    .map((n) => `/assets/${n}`)
  const lobby = withImports([...scripts, preload.locales[language]!])
  for (const sheet of [...sheets.map((m) => m[1]!), ...webFont]) lobby.add(sheet)

  const manifest = JSON.parse(readFileSync(path('routes.json'), 'utf8')) as {
    patterns: RouteRecord[]
  }
  const routes = new Map<string, ReadonlySet<string>>()
  for (const route of manifest.patterns) {
    if (!route.path?.startsWith('/games/') || !route.preload?.files.length) continue
    // The page's chunks, then what they load by import() on a first load, until nothing new.
    const files = withImports([...lobby, ...route.preload.files])
    for (let grew = true; grew;) {
      const next = [...files]
        .flatMap((f) => chunks.get(f)?.lazy ?? [])
        .filter((f) => FIRST_LOAD.test(f) && !files.has(f))
      grew = next.length > 0
      withImports(next, files)
    }
    for (const f of [...route.preload.styles, ...(route.preload.texts[language] ?? [])]) {
      files.add(f)
    }
    for (const f of withImports(route.preload.texts[language] ?? [])) files.add(f)
    routes.set(route.path, files)
  }
  return { path, lobby, routes }
}

/** The gzip size (level 9, as a CDN would serve them) of `files`, in KB to one decimal. */
export function gzipKb(client: BuiltClient, files: Iterable<string>): number {
  let bytes = 0
  for (const f of files) bytes += gzipSync(readFileSync(client.path(f)), { level: 9 }).length
  return Math.round((bytes / 1024) * 10) / 10
}
