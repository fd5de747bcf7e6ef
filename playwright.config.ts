import { defineConfig, devices } from '@playwright/test'
import { answeredConsent } from './tests/e2e/support/consent'
import { frameCapOrigin } from './tests/e2e/support/frameCap'

/**
 * End-to-end tests drive the system Chromium (Debian's `chromium` package) through
 * `executablePath`; Playwright never downloads a browser. The web server is the real app.
 */
const port = Number(process.env.E2E_PORT ?? 4173)
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  // No retries: a test that fails once is a bug to fix (a race with a live round or a limit), not
  // luck to wait out. Rounds a test bets in are reserved and held through the test hooks.
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 60_000,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    // Consent answered "necessary only" before each test (tests/e2e/support/consent.ts), and the
    // canvases' frame rate capped for software rendering (tests/e2e/support/frameCap.ts).
    storageState: { ...answeredConsent(), origins: [frameCapOrigin(`http://127.0.0.1:${port}`)] },
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--enable-unsafe-swiftshader',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: `npm run serve`,
    url: `http://127.0.0.1:${port}`,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      TESSERA_MODE: 'sandbox',
      // The browser is on 127.0.0.1, so that is the site's public address: the social popup posts
      // its tokens only to an origin of PUBLIC_URL, and links in mails and the payment page use it.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // Every test registers and logs in from this one address, as fast as the machine goes: the
      // per-minute limits are set out of reach so no outcome depends on the machine's speed. The
      // limits themselves are tested in the server's integration suites.
      RATE_LIMIT_REGISTER: '100000',
      RATE_LIMIT_LOGIN: '100000',
      RATE_LIMIT_CODES: '100000',
      // The same for game sockets: every page's sockets and commands come from this address.
      SOCKETS_PER_ADDRESS: '100000',
      SOCKET_COMMANDS_PER_SECOND: '100000',
      // Crash tests reserve a round and hold its betting window while they bet (server/testHooks.ts).
      TEST_HOOKS: 'true',
      // The bot check runs for real (ALTCHA, the default) at a low difficulty, so a solve takes a
      // few hundred hashes on any machine (tests/e2e/botcheck.spec.ts).
      BOT_CHECK_MAX_NUMBER: '1000',
      // Geo, mirrors and SSO (tests/e2e/geo.spec.ts), each on a country or host no other test
      // uses: visitors from KP are blocked, old.localhost has moved here (301), and localhost and
      // mirror.localhost share log-ins. 127.0.0.1, where every other test runs, is none of these.
      BLOCKED_COUNTRIES: 'KP',
      MIRROR_NEW_LINK: `http://127.0.0.1:${port}`,
      MIRROR_REDIRECT_HOSTS: `old.localhost:${port}`,
      MIRROR_YANDEX_VERIFICATION: 'e2e-yandex-verification',
      SSO_ORIGINS: `http://localhost:${port},http://mirror.localhost:${port}`,
      // A fresh in-memory database per run: the demo account starts seeded and untouched.
      DATA_DIR: process.env.E2E_DATA_DIR ?? 'memory://',
    },
  },
})
