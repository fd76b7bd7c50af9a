// End-to-end tests against the production build (`npm run build`), in Debian's Chromium headless
// shell (the byte budgets in its full Chromium).
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, HEADLESS_SHELL_PATH } from './test/support/first-view-bytes';

/** E2E_PORT lets two runs share a machine (the second server listens on the port after it). */
export const PORT = Number(process.env.E2E_PORT ?? 4173);
/** A second server whose content service refuses connections: every page fails. */
export const BROKEN_PORT = PORT + 1;
/** A site whose content service has accounts (users-permissions), and that content service:
 * the embedded content has none. The service is the users-permissions-shaped fake over the
 * committed snapshot (e2e/accounts/accounts-content-service.ts); the real Strapi's account
 * flows are the contract test's. */
export const ACCOUNTS_PORT = PORT + 2;
export const ACCOUNTS_CMS_PORT = PORT + 3;
/** Each server's durable store (SQLite), outside test-results (Playwright empties that on every
 * run). Tests find their own submissions by unique values. */
export const E2E_DATA_DIR = path.join(os.tmpdir(), 'joinus-e2e-data');
/** How long a form must be on screen before a post without JavaScript counts (FORM_MIN_FILL_MS):
 * nothing on the servers above, so no test waits for the clock; the signed stamp is still
 * checked. The servers below keep the real minimum (3 s, the default) for the posts sent
 * quickly without JavaScript (e2e/fill-time.spec.ts): the site's forms on the embedded content,
 * the account forms over the accounts content service. */
export const E2E_MIN_FILL_MS = 0;
export const FILL_TIME_PORT = PORT + 4;
export const FILL_TIME_ACCOUNTS_PORT = PORT + 5;
/** PREVIEW_SECRET of the servers: the editor preview (/preview) answers with it. */
export const E2E_PREVIEW_SECRET = 'e2e-preview-secret-0123456789';
/** The servers beside the main one do not render every sitemap page at startup (3.5 s of CPU
 * each, taken from the tests running meanwhile): their tests open a few pages each. */
const NO_RENDER_AHEAD = { RENDER_AHEAD: 'off' };

const server = (port: number, env: Record<string, string> = {}) => ({
  command: 'node dist/server/index.cjs',
  url: `http://127.0.0.1:${port}/healthz`,
  reuseExistingServer: false,
  timeout: 30_000,
  env: {
    NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
    DATA_DIR: `${E2E_DATA_DIR}/${port}`, FORM_SECRET: 'e2e-form-secret-0123456789abcdef',
    // Every test posts from 127.0.0.1; the limits themselves are tested with supertest.
    FORM_RATE_LIMIT: '1000', FORM_RATE_LIMIT_NO_CAPTCHA: '1000', RENDER_RATE_LIMIT: '0',
    // The minimum fill time is tested with supertest; here it only slows every post down.
    FORM_MIN_FILL_MS: String(E2E_MIN_FILL_MS), PREVIEW_SECRET: E2E_PREVIEW_SECRET, ...env,
  },
});

export default defineConfig({
  testDir: 'e2e',
  // Two tests share the two cores (with the servers and Chromium): the longest flows (a donation
  // without JavaScript, the account flow with seven axe runs) took 28 to 31 s of the former 30 s
  // on a busy machine. A budget against hangs, not a speed limit.
  timeout: 60_000,
  // Both cores: every test is a visitor of its own (its own context, unique values in what it
  // posts and looks up, its own address on the fill-time servers, its own profile of stored test
  // answers), so any two may run at once, and tests of one file as well as files are spread.
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: 'chromium',
    // Debian's headless shell (half the CPU of the full browser); the byte budgets measure in the
    // full Chromium (e2e/byte-budgets.spec.ts).
    launchOptions: { executablePath: HEADLESS_SHELL_PATH, args: CHROMIUM_ARGS },
    trace: 'off',
  },
  webServer: [
    server(PORT),
    server(BROKEN_PORT, { ...NO_RENDER_AHEAD, STRAPI_URL: 'http://127.0.0.1:9', CONTENT_TIMEOUT_MS: '500' }),
    {
      command: 'node --import tsx e2e/accounts/accounts-content-service.ts',
      url: `http://127.0.0.1:${ACCOUNTS_CMS_PORT}/__health`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { PORT: String(ACCOUNTS_CMS_PORT), SITE_ORIGIN: `http://127.0.0.1:${ACCOUNTS_PORT}` },
    },
    server(ACCOUNTS_PORT, { ...NO_RENDER_AHEAD, STRAPI_URL: `http://127.0.0.1:${ACCOUNTS_CMS_PORT}`, STRAPI_VERSION: 'v5', LOGIN_PROVIDERS: 'github,google' }),
    // Each test there is a visitor of its own (X-Forwarded-For from loopback): the fill time
    // counts from a client's first view of a page, which another test's view must not stand for.
    server(FILL_TIME_PORT, { ...NO_RENDER_AHEAD, FORM_MIN_FILL_MS: '3000', TRUST_PROXY: 'loopback' }),
    server(FILL_TIME_ACCOUNTS_PORT, { ...NO_RENDER_AHEAD, FORM_MIN_FILL_MS: '3000', TRUST_PROXY: 'loopback', STRAPI_URL: `http://127.0.0.1:${ACCOUNTS_CMS_PORT}`, STRAPI_VERSION: 'v5' }),
  ],
});
