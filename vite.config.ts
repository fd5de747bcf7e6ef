import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'

/**
 * Client build. In development the API lives on the reference server (`TESSERA_API_PROXY`,
 * default http://localhost:3000), proxied so the client and server share one origin.
 */
export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/api-proxy': {
        target: process.env.TESSERA_API_PROXY ?? 'http://localhost:3000',
        rewrite: (path) => path.replace(/^\/api-proxy/, ''),
      },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
  },
})
