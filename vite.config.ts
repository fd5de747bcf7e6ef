import { existsSync, readdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { defineConfig, type Plugin, type Rolldown } from 'vite'
import react from '@vitejs/plugin-react'
import { generateFontFace, getMetricsForFamily } from 'fontaine'
import { compression } from 'vite-plugin-compression2'
import { VitePWA } from 'vite-plugin-pwa'
import { keepShell, shellFiles } from './src/features/pwa/shellPrecache'
import { DEFAULT_LOCALE, ON_DEMAND_NAMESPACES } from './src/i18n/locales'
import { routeManifest } from './src/routes/table'
import { seoManifestPlugin } from './src/features/seo/seoPlugin'

/**
 * Writes dist/routes.json from the client's route table: path patterns with their param regexes
 * and the locale prefixes, so the server answers 404 for exactly the paths the client rejects;
 * and, for a route that loads a page or texts before its first frame, their files (the page's
 * chunk with the chunks it imports, past those of the entry, and each language's texts), which
 * the server names in the page it serves (`modulepreload`): they load beside the entry's scripts,
 * not one round trip after them.
 */
function routeManifestPlugin(): Plugin {
  return {
    name: 'tessera-route-manifest',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((f) => f.type === 'chunk')
      const byFile = new Map(chunks.map((c) => [c.fileName, c]))
      const reach = (start: readonly string[], seen = new Set<string>()) => {
        for (const file of start) {
          if (seen.has(file)) continue
          seen.add(file)
          reach(byFile.get(file)?.imports ?? [], seen)
        }
        return seen
      }
      const entry = reach(chunks.filter((c) => c.isEntry).map((c) => c.fileName))
      const facade = (suffix: string) =>
        chunks.find((c) => c.facadeModuleId?.replaceAll('\\', '/').endsWith(suffix))
      const manifest = routeManifest()
      const patterns = manifest.patterns.map(({ lazy, ...pattern }) => {
        if (!lazy) return pattern
        let files: string[] = []
        let styles: string[] = []
        if (lazy.modules.length > 0) {
          const pages = lazy.modules.map((module) => {
            const page = facade(`/${module}`)
            if (!page) throw new Error(`[route-manifest] no chunk for ${module}`)
            return page.fileName
          })
          const own = [...reach(pages)].filter((f) => !entry.has(f))
          files = own.map((f) => `/${f}`)
          // The stylesheets Vite adds when the page's chunks load, fetched beside them instead.
          styles = own.flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])])
          styles = [...new Set(styles)].map((f) => `/${f}`)
        }
        const texts: Record<string, string[]> = {}
        for (const locale of [DEFAULT_LOCALE, ...manifest.locales]) {
          texts[locale] = lazy.namespaces.flatMap((ns) => {
            const chunk = facade(`/locales/${locale}/${ns}.json`)
            return chunk ? [`/${chunk.fileName}`] : []
          })
        }
        return { ...pattern, preload: { files, styles, texts } }
      })
      this.emitFile({
        type: 'asset',
        fileName: 'routes.json',
        source: `${JSON.stringify({ ...manifest, patterns }, null, 2)}\n`,
      })
    },
  }
}

/**
 * Re-exports of Pixi's root module that the client drops. Each names a module Pixi itself loads
 * with a dynamic `import()` (the renderer it picks, the bitmap-font installer); the root module's
 * static re-export would put that module in the page's own chunk, so the crash page would
 * download the WebGPU and Canvas renderers it never runs (about 20 KB gzip). No app code imports
 * these names, so the build fails on a missing export if one ever does.
 */
const PIXI_LAZY_EXPORTS = ['WebGPURenderer', 'WebGLRenderer', 'CanvasRenderer', 'BitmapFont']

/** Removes {@link PIXI_LAZY_EXPORTS} from pixi.js/lib/index.mjs; fails loudly if Pixi changes. */
function pixiLazyRenderersPlugin(): Plugin {
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

/** Fontsource's CSS for each weight of Inter, imported by src/styles/webFont.ts. */
const WEB_FONT_CSS = /\/node_modules\/@fontsource\/inter\/(\d+)\.css$/

/** The stylesheet of the page's first frame that carries the fallback faces (src/main.tsx). */
const FALLBACK_CSS = /\/src\/styles\/fontFallbacks\.css$/

/**
 * Local fonts that stand in for Inter until it has loaded, in the order they are tried: Android,
 * Apple, Windows, then Linux. Each gets a face scaled to Inter's metrics. DejaVu Sans is not in
 * fontaine's metrics collection: its numbers are read from DejaVuSans.ttf (2.37) with fontaine's
 * `readMetrics`.
 */
const WEB_FONT_FALLBACKS: { font: string; metrics?: Parameters<typeof generateFontFace>[0] }[] = [
  { font: 'Roboto' },
  { font: 'Helvetica Neue' },
  { font: 'Segoe UI' },
  { font: 'Arial' },
  {
    font: 'DejaVu Sans',
    metrics: { ascent: 1901, descent: -483, lineGap: 0, unitsPerEm: 2048, xWidthAvg: 1041 },
  },
]

/** One `@font-face` per fallback, each a local font scaled to Inter (fontaine's metrics). */
async function webFontFallbackCss(): Promise<string> {
  const inter = await getMetricsForFamily('Inter')
  if (!inter) throw new Error('[web-font] fontaine has no metrics for Inter')
  const faces: string[] = []
  for (const { font, metrics } of WEB_FONT_FALLBACKS) {
    const local = metrics ?? (await getMetricsForFamily(font))
    if (!local) throw new Error(`[web-font] fontaine has no metrics for ${font}`)
    faces.push(generateFontFace(inter, { name: `Inter fallback ${font}`, font, metrics: local }))
  }
  const stack = WEB_FONT_FALLBACKS.map(({ font }) => `"Inter fallback ${font}"`).join(', ')
  return `${faces.join('')}:root { --font-fallbacks: ${stack}; }\n`
}

/**
 * Inter without layout shift and off the first load's critical path. The first frame is drawn
 * with a local font scaled to Inter's metrics (width, ascent, descent; the faces go into
 * src/styles/fontFallbacks.css), so it takes the same room; Inter's own faces come in a
 * stylesheet of their own that the page asks for after its first frame (src/styles/webFont.ts),
 * drawn only if they are there within 100 ms (`font-display: optional`, where Fontsource ships
 * `swap`), so text never re-flows late. On a phone's first visit the three files (75 KB) no
 * longer compete with the scripts the first frame needs (`npm run bench -- lighthouse`: mobile
 * LCP 2.60 s → 2.36 s on the lobby in one quiet run); from the cache they are drawn at once.
 */
function webFontPlugin(): Plugin {
  return {
    name: 'tessera-web-font',
    enforce: 'pre',
    async transform(code, id) {
      if (FALLBACK_CSS.test(id)) return { code: code + (await webFontFallbackCss()), map: null }
      if (!WEB_FONT_CSS.test(id)) return null
      const out = code.replace(/font-display:\s*swap/g, 'font-display: optional')
      if (out === code) throw new Error(`[web-font] no font-display: swap in ${id}`)
      return { code: out, map: null }
    },
  }
}

/**
 * A locale's namespaces that load at start (src/i18n) go out as one chunk per language, not one
 * per file: ten small files took two round trips over HTTP/1.1's six connections before the
 * first frame could be drawn. The on-demand namespaces keep a chunk each.
 */
function localeChunk(id: string): string | null {
  const match = /[\\/]locales[\\/]([a-z]+)[\\/]([A-Za-z0-9_-]+)\.json$/.exec(id)
  if (!match || ON_DEMAND_NAMESPACES.includes(match[2] as string)) return null
  return `locale-${match[1]}`
}

/** The modules a game page's canvas imports as it mounts, besides its scene (CanvasHost). */
const CANVAS_PLATFORM = join(import.meta.dirname, 'games/engine/canvas/pixiPlatform.ts')
const PIXI_INDEX = /[\\/]node_modules[\\/]pixi\.js[\\/]lib[\\/]index\.mjs$/
const WEBGL_RENDERER =
  /[\\/]pixi\.js[\\/]lib[\\/]rendering[\\/]renderers[\\/]gl[\\/]WebGLRenderer\.mjs$/

/** Every game's scene (`games/<id>/scene/<Name>Scene.ts`), which its page imports as it mounts. */
function gameScenes(): string[] {
  const games = join(import.meta.dirname, 'games')
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
 * it, and so does what only some scenes use (text, bitmap text).
 */
function canvasChunk(): Rolldown.CodeSplittingNameFunction {
  let captured: Set<string> | null = null
  return (id, ctx) => {
    captured ??= firstFrameLibraries(ctx)
    return captured.has(id) ? 'canvas' : null
  }
}

/**
 * The library modules reached from the platform, the WebGL renderer, and all of the scenes.
 * Pixi's index re-exports everything, so an import through it is followed only to the modules
 * that hold the names imported, plus what the index itself runs (its extensions and `init`s).
 */
function firstFrameLibraries(ctx: Rolldown.ChunkingContext): Set<string> {
  const indexId = [...(ctx.getModuleInfo(CANVAS_PLATFORM)?.importedIds ?? [])].find((id) =>
    PIXI_INDEX.test(id),
  )
  if (!indexId) return new Set()
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
    .map(reach)
  for (const id of scenes[0] ?? []) if (scenes.every((s) => s.has(id))) captured.add(id)
  // Libraries only: the platform's and the scenes' own modules stay in their chunks.
  return new Set([...captured].filter((id) => /[\\/]node_modules[\\/]/.test(id)))
}

/**
 * Writes dist/preload.json: the chunk of each locale's start-up texts ({@link localeChunk}), so the
 * reference server names the page's one in index.html (`modulepreload`) and the browser fetches
 * it beside the scripts, not one round trip after them.
 */
function localePreloadPlugin(): Plugin {
  return {
    name: 'tessera-locale-preload',
    apply: 'build',
    generateBundle(_options, bundle) {
      const locales: Record<string, string> = {}
      for (const file of Object.values(bundle)) {
        const lang = file.type === 'chunk' ? /^locale-([a-z]+)$/.exec(file.name)?.[1] : undefined
        if (lang) locales[lang] = `/${file.fileName}`
      }
      if (!locales[DEFAULT_LOCALE])
        throw new Error('[locale-preload] no chunk for the default locale')
      this.emitFile({
        type: 'asset',
        fileName: 'preload.json',
        source: `${JSON.stringify({ default: DEFAULT_LOCALE, locales }, null, 2)}\n`,
      })
    },
  }
}

/**
 * Writes dist/builds/latest.json, `{ id }`: the entry chunk's path (`assets/index-<hash>.js`). An
 * open tab polls it and compares it with its own entry's (src/features/deploys/buildWatch.ts), so
 * a deploy shows the update notice. The entry's hash changes whenever any chunk does, since each
 * chunk names the hashed files it imports; the same source builds the same id.
 */
function buildIdPlugin(): Plugin {
  return {
    name: 'tessera-build-id',
    apply: 'build',
    generateBundle(_options, bundle) {
      const entries = Object.values(bundle).filter((f) => f.type === 'chunk' && f.isEntry)
      if (entries.length !== 1)
        throw new Error(`[build-id] expected one entry, found ${entries.length}`)
      this.emitFile({
        type: 'asset',
        fileName: 'builds/latest.json',
        source: `${JSON.stringify({ id: entries[0]?.fileName })}\n`,
      })
    },
  }
}

/**
 * The installable app (src/features/pwa): the web manifest, and `/sw.js` built from
 * src/features/pwa/sw.ts by vite-plugin-pwa's `injectManifest`, precaching the shell
 * (`shellFiles`, recorded here from the bundle) and knowing the build it belongs to (the entry
 * chunk's path, the id of `builds/latest.json`). The page registers it itself (`injectRegister`
 * off), after its first frame.
 */
function pwaPlugins(): Plugin[] {
  let shell = new Set<string>()
  let buildId = ''
  const record: Plugin = {
    name: 'tessera-pwa-shell',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files = Object.values(bundle).map((f) =>
        f.type === 'chunk'
          ? {
              fileName: f.fileName,
              type: f.type,
              name: f.name,
              isEntry: f.isEntry,
              imports: f.imports,
              importedCss: f.viteMetadata?.importedCss ?? [],
            }
          : { fileName: f.fileName, type: f.type },
      )
      shell = shellFiles(files)
      buildId = files.find((f) => f.type === 'chunk' && f.isEntry)?.fileName ?? ''
    },
  }
  return [
    record,
    ...VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/features/pwa',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: {
        id: '/',
        name: 'Tessera',
        short_name: 'Tessera',
        description: 'Casino games you can verify: crash, dice, roulette, keno and cases.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#0c0e16',
        theme_color: '#0c0e16',
        lang: 'en',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          {
            src: '/icons/maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      injectManifest: {
        // A classic script: module workers are not in every browser that installs apps.
        rollupFormat: 'iife',
        globPatterns: ['index.html', 'favicon.svg', 'assets/*.{js,css,woff2}'],
        manifestTransforms: [keepShell(() => shell)],
      },
      integration: {
        configureCustomSWViteBuild(config) {
          config.define = { ...config.define, __TESSERA_BUILD_ID__: JSON.stringify(buildId) }
        },
      },
    }),
  ]
}

/**
 * Client build. In development the API lives on the reference server (`TESSERA_API_PROXY`,
 * default http://localhost:3000), proxied so the client and server share one origin.
 */
export default defineConfig({
  plugins: [
    react(),
    routeManifestPlugin(),
    localePreloadPlugin(),
    buildIdPlugin(),
    pixiLazyRenderersPlugin(),
    webFontPlugin(),
    ...pwaPlugins(),
    // dist/seo.json: each route's SEO texts per language, for the pages the server sends (issue 31).
    seoManifestPlugin(),
    // Brotli and gzip copies of every text file at the highest levels, written once at build time
    // and served as they are by the reference server (@fastify/static `preCompressed`), so no
    // request pays for compressing a script. Source maps stay out: only developer tools read them.
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(js|mjs|css|html|json|svg|webmanifest|txt)$/,
      logLevel: 'silent',
    }),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api-proxy': {
        target: process.env.TESSERA_API_PROXY ?? 'http://localhost:3000',
        rewrite: (path) => path.replace(/^\/api-proxy/, ''),
      },
      // Live games' sockets, so the dev client reaches the reference server's namespaces.
      '/socket.io': { target: process.env.TESSERA_API_PROXY ?? 'http://localhost:3000', ws: true },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    rolldownOptions: {
      // The index of a game, of the kit or of an engine module only names what others may use
      // (eslint.layers.js): it runs nothing. Said so, the bundler follows an import through it to
      // the one module that holds the name; otherwise a page that reads one helper through the
      // kit's index (the shell may use the kit only so) counted as importing the whole kit, and
      // the case page loaded crash's auto-bet panel, in a chunk it shared with crash's page.
      treeshake: {
        moduleSideEffects: [
          { test: /[\\/]games[\\/](engine[\\/])?[a-z-]+[\\/]index\.ts$/, sideEffects: false },
        ],
      },
      output: {
        codeSplitting: {
          groups: [
            { name: localeChunk, debugName: 'locale' },
            // Everything the entry imports statically goes out with it, where the bundler had
            // split the parts that lazy pages share into nine more files: on HTTP/1.1's six
            // connections that was two more round trips before the first paint (Lighthouse's
            // mobile FCP: lobby 2.15 s -> 1.74 s, crash 2.44 s -> 2.25 s).
            { name: 'shell', tags: ['$initial'] },
            { name: canvasChunk(), debugName: 'canvas' },
          ],
        },
      },
    },
  },
})
