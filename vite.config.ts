import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import { compression } from 'vite-plugin-compression2'
import { routeManifest } from './src/routes/table'

/**
 * Writes dist/routes.json from the client's route table: path patterns with their param regexes
 * and the locale prefixes, so the server answers 404 for exactly the paths the client rejects.
 */
function routeManifestPlugin(): Plugin {
  return {
    name: 'tessera-route-manifest',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'routes.json',
        source: `${JSON.stringify(routeManifest(), null, 2)}\n`,
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

/**
 * Client build. In development the API lives on the reference server (`TESSERA_API_PROXY`,
 * default http://localhost:3000), proxied so the client and server share one origin.
 */
export default defineConfig({
  plugins: [
    react(),
    routeManifestPlugin(),
    pixiLazyRenderersPlugin(),
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
  },
})
