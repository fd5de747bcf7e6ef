import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { compression } from 'vite-plugin-compression2'
import {
  canvasChunk,
  localeChunk,
  pixiLazyRenderersPlugin,
  pixiNoParticlesPlugin,
} from './scripts/vite/chunks'
import { buildIdPlugin, localePreloadPlugin, routeManifestPlugin } from './scripts/vite/manifests'
import { pwaPlugins } from './scripts/vite/pwa'
import { webFontPlugin } from './scripts/vite/webFont'
import { seoManifestPlugin } from './src/features/seo/seoPlugin'

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
    pixiNoParticlesPlugin(),
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
          { test: /[\\/]contract[\\/][a-z]+\.ts$/, sideEffects: false },
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
            // XState whole: the rooms' machine imports its actors apart from crash's, and the
            // bundler split the library in two files that every live page fetched.
            { name: 'xstate', test: /[\\/]node_modules[\\/]xstate[\\/]/ },
          ],
        },
      },
    },
  },
})
