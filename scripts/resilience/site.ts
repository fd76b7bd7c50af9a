// The production build (`node dist/server/index.cjs`) as the suite runs it: started on a free
// port with its own DATA_DIR, watched for an exit nobody asked for, and measured from /proc
// (open descriptors, files under DATA_DIR/uploads).
import { LOG_WRITTEN_WITHIN_MS } from '../../server/http/log-destination';
import { existsSync, mkdtempSync, readdirSync, readlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnServer } from '../../test/support/spawn-server';
import { createFormStamps } from '../../server/forms/bot-guard';

export const FORM_SECRET = 'resilience-form-secret-0123456789';
export const WEBHOOK_SECRET = 'resilience-webhook-secret-0123456789';

export type Site = {
  url: string;
  port: number;
  pid: number;
  dataDir: string;
  uploads: string;
  /** Set once the process has exited: its code, or the signal that ended it. */
  exit: { code: number | null; signal: NodeJS.Signals | null } | null;
  /** Resolves when the process exits. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** True while the suite expects the process to be running. */
  expectRunning: boolean;
  kill(signal: NodeJS.Signals): void;
  /** SIGTERM, and the exit (SIGKILL after 10 s). */
  stop(): Promise<void>;
};

/** `dataDir`: reuse one (a restart after kill -9); a fresh temporary one by default. `core`: the
 * server pinned to that core. `onLogLine`: given each line the server logs. `port`: listen on
 * this one (a replica behind a proxy); a free one by default. Returns once the startup work is
 * done (spawnServer); RENDER_AHEAD is off unless `env` sets it to `on`. */
export async function startSite(env: Record<string, string>, opts: { dataDir?: string; core?: string; onLogLine?: (line: string) => void; port?: number } = {}): Promise<Site> {
  const dataDir = opts.dataDir ?? mkdtempSync(path.join(tmpdir(), 'joinus-resilience-'));
  const { child, url, port } = await spawnServer({ DATA_DIR: dataDir, FORM_SECRET, STRAPI_WEBHOOK_SECRET: WEBHOOK_SECRET, ...env }, { core: opts.core, onLogLine: opts.onLogLine, port: opts.port });
  const site: Site = {
    url,
    port,
    pid: child.pid!,
    dataDir,
    uploads: path.join(dataDir, 'uploads'),
    exit: null,
    exited: new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal }))),
    expectRunning: true,
    kill: (signal) => void child.kill(signal),
    async stop() {
      if (site.exit) return;
      site.expectRunning = false;
      child.kill('SIGTERM');
      const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await site.exited;
      clearTimeout(force);
    },
  };
  void site.exited.then((exit) => {
    site.exit = exit;
    if (site.expectRunning) console.log(`  the server (pid ${site.pid}) exited unexpectedly: code ${exit.code}, signal ${exit.signal}`);
  });
  return site;
}

/** The process's open descriptors: how many, and those on files under `dir`. */
export function descriptors(pid: number, dir: string): { total: number; under: string[] } {
  const links = readdirSync(`/proc/${pid}/fd`).map((fd) => {
    try {
      return readlinkSync(`/proc/${pid}/fd/${fd}`);
    } catch {
      return '';
    }
  });
  return { total: links.length, under: links.filter((l) => l.startsWith(dir)) };
}

/** Files anywhere under `dir`. */
export function filesUnder(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name)) : [];
}

/** A stamp of a form on screen for ten seconds: a post without JavaScript passes the fill-time check. */
const stamps = createFormStamps(FORM_SECRET);
export const oldStamp = () => stamps.stamp(Date.now() - 10_000);

/** Paths of the site's sitemap. */
export async function sitemapPaths(url: string): Promise<string[]> {
  const xml = await (await fetch(`${url}/sitemap.xml`)).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Until what the server logged so far has reached its standard output: the log is written in
 * batches (server/http/log-destination.ts). Call it before reading the lines a step should have
 * caused, or before counting the lines so far. */
export const logWritten = () => sleep(LOG_WRITTEN_WITHIN_MS);
