import { type Plugin } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { keepShell, shellFiles } from '../../src/features/pwa/shellPrecache'

/**
 * The installable app (src/features/pwa): the web manifest, and `/sw.js` built from
 * src/features/pwa/sw.ts by vite-plugin-pwa's `injectManifest`, precaching the shell
 * (`shellFiles`, recorded here from the bundle) and knowing the build it belongs to (the entry
 * chunk's path, the id of `builds/latest.json`). The page registers it itself (`injectRegister`
 * off), after its first frame.
 */
export function pwaPlugins(): Plugin[] {
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
