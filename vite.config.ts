import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
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
 * Client build. In development the API lives on the reference server (`TESSERA_API_PROXY`,
 * default http://localhost:3000), proxied so the client and server share one origin.
 */
export default defineConfig({
  plugins: [react(), routeManifestPlugin()],
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
