import { TEST_MAX_FPS_KEY } from '../../../games/engine/canvas/testHook'

/**
 * Frames per second every canvas of an e2e run draws at most. Headless Chromium renders WebGL in
 * software: uncapped, a running crash round took 1.8 of the CI machine's 2 cores, and every test
 * beside it slowed down. What the tests read (a frame drawn, what the scene shows) does not depend
 * on the rate; the render benchmarks (bench/render) measure it uncapped.
 */
export const E2E_MAX_FPS = 5

/** Playwright storage-state origin that sets the cap for the test build (games/engine/canvas/testHook.ts). */
export function frameCapOrigin(baseURL: string) {
  return {
    origin: baseURL,
    localStorage: [{ name: TEST_MAX_FPS_KEY, value: String(E2E_MAX_FPS) }],
  }
}
