import { type Plugin } from 'vite'
import { DEFAULT_LOCALE } from '../../src/i18n/locales'
import { routeManifest } from '../../src/routes/table'

/**
 * Writes dist/routes.json from the client's route table: path patterns with their param regexes
 * and the locale prefixes, so the server answers 404 for exactly the paths the client rejects;
 * and, for a route that loads a page or texts before its first frame, their files (the page's
 * chunk with the chunks it imports, past those of the entry, and each language's texts), which
 * the server names in the page it serves (`modulepreload`): they load beside the entry's scripts,
 * not one round trip after them.
 */
export function routeManifestPlugin(): Plugin {
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
 * Writes dist/preload.json: the chunk of each locale's start-up texts ({@link localeChunk}), so the
 * reference server names the page's one in index.html (`modulepreload`) and the browser fetches
 * it beside the scripts, not one round trip after them.
 */
export function localePreloadPlugin(): Plugin {
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
export function buildIdPlugin(): Plugin {
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
