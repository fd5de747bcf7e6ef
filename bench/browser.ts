/** Launches Debian's Chromium through Playwright for benchmarks (never a downloaded browser). */
import { chromium, type Browser } from '@playwright/test'

/** Chromium flags shared with the e2e config: headless, no sandbox (root), WebGL via SwiftShader. */
export const chromiumArgs = [
  '--no-sandbox',
  '--enable-unsafe-swiftshader',
  '--use-angle=swiftshader',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** Starts the system Chromium (`CHROMIUM_PATH`, default /usr/bin/chromium). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumArgs,
  })
}
