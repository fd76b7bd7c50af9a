// The two real processes of the contract test: Strapi from `cms/` and the built site
// (`dist/server/index.cjs`), each started as an operator would, with its output kept in a file
// that a failing test prints.
import { LOG_WRITTEN_WITHIN_MS } from '../../server/http/log-destination';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream, existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { navigationNames } from '../../src/content/model/navigation';
import { prepareStrapiFiles } from './seeded-strapi';

export const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * A port free now, below the kernel's ephemeral range (/proc/sys/net/ipv4/ip_local_port_range,
 * from 32768). A port taken with listen(0) comes from that range, and can be handed out again as
 * the local port of an outgoing connection before the server meant to have it listens: Strapi
 * takes 20 s and more to start, and then exited with "The port … is already used by another
 * application" (seen with two files at a time on the shared machine).
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = 20_000 + randomInt(12_000);
    const server = createServer();
    const free = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (free) {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      return port;
    }
  }
}

export type Running = { url: string; child: ChildProcess; logFile: string; stop(): Promise<void>; log(): string };

function startProcess(command: string, args: string[], opts: { cwd: string; env: Record<string, string>; logFile: string; url: string }): Running {
  const out = createWriteStream(opts.logFile, { flags: 'a' });
  const child = spawn(command, args, { cwd: opts.cwd, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root', ...opts.env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  child.stdout!.pipe(out);
  child.stderr!.pipe(out);
  const exited = once(child, 'exit');
  return {
    url: opts.url,
    child,
    logFile: opts.logFile,
    log: () => readFileSync(opts.logFile, 'utf8'),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      // The whole group: npm starts Strapi as a grandchild.
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        return;
      }
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          /* already gone */
        }
      }, 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Polls `check` until it gives true; throws with the process log when `ms` runs out. */
export async function waitFor(what: string, check: () => Promise<boolean>, ms: number, proc?: Running): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (proc && proc.child.exitCode !== null) throw new Error(`${what}: process exited (${proc.child.exitCode})\n${proc.log().slice(-4000)}`);
    if (Date.now() > end) throw new Error(`${what}: not within ${ms} ms${proc ? `\n${proc.log().slice(-4000)}` : ''}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The editor the contract test edits content as (created by the cms bootstrap from the env). */
export const ADMIN = { email: 'editor@contract.test', password: 'Contract-Test-1' };

/** An account with the Redacteur role (cms/src/bootstrap/editor-roles.ts), when a test asks for it. */
export const REDACTEUR = { email: 'redacteur@contract.test', password: 'Redacteur-Test-1' };

/** `smtpPort`: Strapi's mails (account confirmation, reset) go to this SMTP server on 127.0.0.1. */
/** `retentionCron`: when the retention task runs (a cron rule; the tests run it every few seconds). */
/** `env`: more settings (EDITOR_EMAIL and EDITOR_PASSWORD for an editor account). */
/** `publicDir`: Strapi's public folder (PUBLIC_DIR), where its uploads go. */
export type StrapiEnv = { port: number; dbFile: string; publicDir: string; token: string; siteUrl: string; webhookSecret: string; previewSecret: string; logFile: string; smtpPort?: number; retentionCron?: string; env?: Record<string, string> };

/** The Strapi of one test file: its database, public folder and log in `work`, linked to the site on `sitePort`. */
export function strapiEnvIn(work: string, o: { port: number; sitePort: number; token: string; webhookSecret: string; previewSecret: string }, more: Partial<StrapiEnv> = {}): StrapiEnv {
  const { port, sitePort, token, webhookSecret, previewSecret } = o;
  return { port, dbFile: path.join(work, 'strapi.db'), publicDir: path.join(work, 'strapi-public'), token, siteUrl: `http://127.0.0.1:${sitePort}`, webhookSecret, previewSecret, logFile: path.join(work, 'strapi.log'), ...more };
}

/**
 * `strapi start` (the built app and admin panel, as `npm run cms` runs it) on `env.dbFile`. The
 * first start in a folder begins from a copy of the run's seeded database and public folder
 * (support/seeded-strapi.ts); without one, on an empty database that Strapi seeds itself.
 * A later start (after `stop()`) goes on with the same database.
 */
export async function startStrapi(env: StrapiEnv): Promise<Running> {
  const url = `http://127.0.0.1:${env.port}`;
  if (!existsSync(path.join(ROOT, 'cms/dist/build'))) throw new Error('cms/ is not built: run `node scripts/cms.mjs --build-only` (npm run test:contract does)');
  if (!existsSync(env.dbFile)) prepareStrapiFiles(env);
  const proc = startProcess('npm', ['run', 'start'], {
    cwd: path.join(ROOT, 'cms'),
    logFile: env.logFile,
    url,
    env: {
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(env.port),
      DATABASE_FILENAME: env.dbFile,
      PUBLIC_DIR: env.publicDir,
      SITE_API_TOKEN: env.token,
      SITE_URL: env.siteUrl,
      CONTENT_WEBHOOK_SECRET: env.webhookSecret,
      PREVIEW_SECRET: env.previewSecret,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      BROWSER: 'none',
      STRAPI_TELEMETRY_DISABLED: 'true',
      ...(env.smtpPort ? { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(env.smtpPort) } : {}),
      ...(env.retentionCron ? { RETENTION_CRON: env.retentionCron } : {}),
      ...env.env,
    },
  });
  await waitFor(
    'Strapi seeded and answering',
    async () => {
      const res = await fetch(`${url}/api/pages?pagination[pageSize]=1`, { signal: AbortSignal.timeout(2000) });
      if (!res.ok) return false;
      const body = (await res.json()) as { meta?: { pagination?: { total?: number } } };
      return (body.meta?.pagination?.total ?? 0) > 0;
    },
    8 * 60_000,
    proc,
  );
  await renderMenus(url, env.token);
  return proc;
}

/**
 * Every menu rendered once, one after the other, before a site is started against this Strapi.
 * A Strapi just started from the seeded copy renders its first menus slowly and one at a time
 * (measured on the loaded 2-core machine: 1.9 s for the first, then about 0.6 s each), so the
 * six the site asks for at once when it starts ran past its 5 s content timeout and opened its
 * breaker (pages without menus, a register answered 503). A Strapi that seeded itself had
 * rendered them while seeding.
 */
async function renderMenus(url: string, token: string): Promise<void> {
  for (const locale of ['nl', 'en'])
    for (const name of navigationNames) {
      const res = await fetch(`${url}/api/navigation/render/${name}?type=TREE&locale=${locale}`, { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal: AbortSignal.timeout(60_000) });
      if (!res.ok) throw new Error(`menu ${name} (${locale}): ${res.status} ${await res.text()}`);
    }
}

/** `env`: more settings (the account flows post more forms than the per-client limits allow). */
export type SiteEnv = { port: number; dataDir: string; logFile: string; strapi?: { url: string; token: string; webhookSecret: string; previewSecret: string }; env?: Record<string, string> };

export const FORM_SECRET = 'contract-test-form-secret-0123456789';

/** The production build, as `npm run serve` starts it, once it says it is ready. */
export async function startSite(env: SiteEnv): Promise<Running> {
  const url = `http://127.0.0.1:${env.port}`;
  const proc = startProcess(process.execPath, ['dist/server/index.cjs'], {
    cwd: ROOT,
    logFile: env.logFile,
    url,
    env: {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(env.port),
      PUBLIC_ORIGIN: url,
      DATA_DIR: env.dataDir,
      FORM_SECRET,
      FORM_MIN_FILL_MS: '0',
      // Every request comes from 127.0.0.1; the render limit is tested with supertest.
      RENDER_RATE_LIMIT: '0',
      LOG_LEVEL: 'info',
      ...(env.strapi
        ? { STRAPI_URL: env.strapi.url, STRAPI_TOKEN: env.strapi.token, STRAPI_WEBHOOK_SECRET: env.strapi.webhookSecret, PREVIEW_SECRET: env.strapi.previewSecret }
        : {}),
      ...env.env,
    },
  });
  // Ready as a proxy's probe sees it: its startup reads and renders done, the content service
  // answering. Tests sent before then met the site's startup burst against a Strapi just
  // started from the seeded copy (a register answered 503 once the burst had timed out).
  await waitFor('site ready (/readyz)', async () => (await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(5000) })).ok, 300_000, proc);
  return proc;
}

/** Until what a started site logged so far is in its log file: the log is written in batches
 * (server/http/log-destination.ts). Before counting lines, and before reading the lines a step caused. */
export function logWritten(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, LOG_WRITTEN_WITHIN_MS));
}
