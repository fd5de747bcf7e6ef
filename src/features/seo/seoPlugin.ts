import type { Plugin } from 'vite'
import { LOCALES } from '../../i18n/locales'
import { ROUTES } from '../../routes/table'
import { seoManifest } from './seo'

/**
 * The client build's plugin (vite.config.ts) that writes dist/seo.json from every language's
 * locales/<locale>/seo.json and the route table ({@link seoManifest}): the reference server
 * writes the title, description, keywords and text of the page's route and language into the
 * HTML it sends (server/http/seo.ts), so a crawler reads them without running a script.
 */
export function seoManifestPlugin(): Plugin {
  let root = '.'
  return {
    name: 'tessera-seo-manifest',
    apply: 'build',
    configResolved(config) {
      root = config.root
    },
    async generateBundle() {
      // Node's file API only here, at build time: this module never reaches the browser.
      const { readFile } = await import('node:fs/promises')
      const docs: Record<string, unknown> = {}
      for (const locale of LOCALES) {
        docs[locale] = JSON.parse(await readFile(`${root}/locales/${locale}/seo.json`, 'utf8'))
      }
      this.emitFile({
        type: 'asset',
        fileName: 'seo.json',
        source: `${JSON.stringify(seoManifest(docs, ROUTES))}\n`,
      })
    },
  }
}
