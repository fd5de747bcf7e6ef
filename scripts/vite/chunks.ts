import { existsSync, readdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { type Plugin, type Rolldown } from 'vite'
import { ON_DEMAND_NAMESPACES } from '../../src/i18n/locales'

/**
 * Re-exports of Pixi's root module that the client drops. Each names a module Pixi itself loads
 * with a dynamic `import()` (the renderer it picks, the bitmap-font installer); the root module's
 * static re-export would put that module in the page's own chunk, so the crash page would
 * download the WebGPU and Canvas renderers it never runs (about 20 KB gzip). No app code imports
 * these names, so the build fails on a missing export if one ever does.
 */
const PIXI_LAZY_EXPORTS = ['WebGPURenderer', 'WebGLRenderer', 'CanvasRenderer', 'BitmapFont']

/** Removes {@link PIXI_LAZY_EXPORTS} from pixi.js/lib/index.mjs; fails loudly if Pixi changes. */
export function pixiLazyRenderersPlugin(): Plugin {
  const line = new RegExp(`^export \\{ (${PIXI_LAZY_EXPORTS.join('|')}) \\} from '[^']+';$`, 'gm')
  return {
    name: 'tessera-pixi-lazy-renderers',
    apply: 'build',
    transform(code, id) {
      if (!/\/node_modules\/pixi\.js\/lib\/index\.mjs$/.test(id)) return null
      let removed = 0
      // Emptied in place, so line numbers (and the source map) stay right.
      const out = code.replace(line, () => {
        removed++
        return ''
      })
      if (removed !== PIXI_LAZY_EXPORTS.length) {
        throw new Error(
          `[pixi-lazy-renderers] expected ${PIXI_LAZY_EXPORTS.length} re-exports in ${id}, found ${removed}`,
        )
      }
      return { code: out, map: null }
    },
  }
}

/** The lines of pixi.js/lib/unsafe-eval/init.mjs that patch the particle container. */
const PARTICLE_PATCH = [
  "import { ParticleBuffer } from '../scene/particle-container/shared/ParticleBuffer.mjs';\n",
  "import { generateParticleUpdatePolyfill } from './particle/generateParticleUpdatePolyfill.mjs';\n",
  / {2}Object\.assign\(ParticleBuffer\.prototype, \{\n[^}]*\}\);\n/,
]

/**
 * Drops the particle container's eval-free patch from `pixi.js/unsafe-eval` (pixiPlatform.ts), so
 * every game page stops downloading the particle container it never draws (1.4 KB gzip, `npm run
 * build && npm run test:budget`). A scene that wants `ParticleContainer` fails the build here
 * first: without the patch it would compile its update function with `new Function`, which the
 * server's CSP forbids. The build fails too if Pixi changes the lines.
 */
export function pixiNoParticlesPlugin(): Plugin {
  return {
    name: 'tessera-pixi-no-particles',
    apply: 'build',
    transform(code, id) {
      if (/[\\/](games|src)[\\/].*\.tsx?$/.test(id) && /\bParticleContainer\b/.test(code)) {
        throw new Error(
          `[pixi-no-particles] ${id} uses ParticleContainer: remove pixiNoParticlesPlugin first`,
        )
      }
      if (!/[\\/]node_modules[\\/]pixi\.js[\\/]lib[\\/]unsafe-eval[\\/]init\.mjs$/.test(id)) {
        return null
      }
      let out = code
      for (const line of PARTICLE_PATCH) {
        const next = out.replace(line, '')
        if (next === out) throw new Error(`[pixi-no-particles] ${id} changed: ${String(line)}`)
        out = next
      }
      return { code: out, map: null }
    },
  }
}

/**
 * A locale's namespaces that load at start (src/i18n) go out as one chunk per language, not one
 * per file: ten small files took two round trips over HTTP/1.1's six connections before the
 * first frame could be drawn. The on-demand namespaces keep a chunk each. The language's table of
 * files (src/i18n/bundles) goes with them, so the entry does not carry every language's table.
 */
export function localeChunk(id: string): string | null {
  // The table of the language's files (src/i18n/bundles/<locale>.ts) goes with its texts.
  const table = /[\\/]src[\\/]i18n[\\/]bundles[\\/]([a-z]+)\.ts$/.exec(id)
  if (table) return `locale-${table[1]}`
  const match = /[\\/]locales[\\/]([a-z]+)[\\/]([A-Za-z0-9_-]+)\.json$/.exec(id)
  if (!match || ON_DEMAND_NAMESPACES.includes(match[2] as string)) return null
  return `locale-${match[1]}`
}

/** The modules a game page's canvas imports as it mounts, besides its scene (CanvasHost). */
const CANVAS_PLATFORM = join(import.meta.dirname, '../../games/engine/canvas/pixiPlatform.ts')
const PIXI_INDEX = /[\\/]node_modules[\\/]pixi\.js[\\/]lib[\\/]index\.mjs$/
const WEBGL_RENDERER =
  /[\\/]pixi\.js[\\/]lib[\\/]rendering[\\/]renderers[\\/]gl[\\/]WebGLRenderer\.mjs$/

/** Every game's scene (`games/<id>/scene/<Name>Scene.ts`), which its page imports as it mounts. */
export function gameScenes(): string[] {
  const games = join(import.meta.dirname, '../../games')
  return readdirSync(games, { withFileTypes: true }).flatMap((game) => {
    const dir = join(games, game.name, 'scene')
    if (!game.isDirectory() || !existsSync(dir)) return []
    return readdirSync(dir)
      .filter((f) => /^[A-Z]\w*Scene\.ts$/.test(f))
      .map((f) => join(dir, f))
  })
}

/**
 * The libraries every game page's canvas runs on its first frame go out as one chunk: what the
 * Pixi platform, the WebGL renderer Pixi picks and every game's scene import. Left to itself, the
 * bundler cut them into a chunk for each set of lazy modules that share them (the platform with
 * the scenes, with the WebGPU renderer, with `Assets`...), some twenty files that every game page
 * fetched together, each compressed on its own. What only a lazy module that a first frame never
 * loads needs (the WebGPU and Canvas renderers, `Assets`, the bitmap-font installer) stays with
 * it. What only some scenes use (text, bitmap text) goes out in one chunk per set of scenes that
 * use it: left to itself, the bundler also counted the lazy renderers as users, and cut the text
 * classes into seven files where three hold the same code (0.9 KB gzip less on a bitmap-text page).
 */
export function canvasChunk(): Rolldown.CodeSplittingNameFunction {
  let captured: Map<string, string> | null = null
  return (id, ctx) => {
    captured ??= firstFrameLibraries(ctx)
    return captured.get(id) ?? null
  }
}

/**
 * The library modules reached from the platform, the WebGL renderer, and all of the scenes, named
 * `canvas`; those only some scenes reach, named by those scenes.
 * Pixi's index re-exports everything, so an import through it is followed only to the modules
 * that hold the names imported, plus what the index itself runs (its extensions and `init`s).
 */
export function firstFrameLibraries(ctx: Rolldown.ChunkingContext): Map<string, string> {
  const indexId = [...(ctx.getModuleInfo(CANVAS_PLATFORM)?.importedIds ?? [])].find((id) =>
    PIXI_INDEX.test(id),
  )
  if (!indexId) return new Map()
  const index = ctx.getModuleInfo(indexId)!
  const resolve = (path: string) => join(dirname(indexId), path)
  const exported = new Map<string, string>()
  const ran: string[] = []
  for (const [, names, from] of index.code!.matchAll(/export \{([^}]*)\} from '([^']+)'/g)) {
    for (const name of names!.split(','))
      exported.set(
        name
          .trim()
          .split(/\s+as\s+/)
          .pop()!,
        resolve(from!),
      )
  }
  for (const [, from] of index.code!.matchAll(/^import (?:\{[^}]*\} from )?'([^']+)'/gm)) {
    if (!/\/index\.mjs$/.test(from!)) ran.push(resolve(from!))
  }
  const reach = (start: string) => {
    const seen = new Set<string>()
    const stack = [start]
    while (stack.length > 0) {
      const id = stack.pop()!
      if (seen.has(id)) continue
      seen.add(id)
      const info = ctx.getModuleInfo(id)
      for (const dep of info?.importedIds ?? []) {
        if (dep !== indexId) {
          stack.push(dep)
          continue
        }
        stack.push(...ran)
        const code = info?.code ?? ''
        for (const [, names] of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*['"]pixi\.js['"]/g)) {
          for (const name of names!.split(',')) {
            const held = exported.get(name.trim().split(/\s+as\s+/)[0]!)
            if (held) stack.push(held)
          }
        }
      }
    }
    return seen
  }
  const renderer = [...reach(CANVAS_PLATFORM)]
    .flatMap((id) => ctx.getModuleInfo(id)?.dynamicallyImportedIds ?? [])
    .find((id) => WEBGL_RENDERER.test(id))
  if (!renderer) throw new Error('[canvas-chunk] Pixi no longer imports its WebGL renderer')
  const captured = new Set([...reach(CANVAS_PLATFORM), ...reach(renderer)])
  const scenes = gameScenes()
    .filter((scene) => ctx.getModuleInfo(scene))
    .map((scene) => ({ name: /(\w+)Scene\.ts$/.exec(scene)![1]!, reached: reach(scene) }))
  const usedBy = new Map<string, string[]>()
  for (const { name, reached } of scenes) {
    for (const id of reached) usedBy.set(id, [...(usedBy.get(id) ?? []), name])
  }
  const named = new Map<string, string>()
  for (const [id, users] of usedBy) {
    // Libraries only: the platform's and the scenes' own modules stay in their chunks.
    if (!/[\\/]node_modules[\\/]/.test(id)) continue
    named.set(id, users.length === scenes.length ? 'canvas' : `pixi-${users.sort().join('-')}`)
  }
  for (const id of captured) if (/[\\/]node_modules[\\/]/.test(id)) named.set(id, 'canvas')
  return named
}
