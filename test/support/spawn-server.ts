// The built server (`node dist/server/index.cjs`) as an operator runs it, on a free port.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { requireBuild } from './require-build';
import { HEALTH_PATH, READY_PATH } from '../../src/routing/endpoints';

/**
 * A loopback port nothing listens on now, for a server started next (or a port that refuses).
 * Drawn at random from 20000-31999, below the kernel's ephemeral range (32768-60999): every
 * `listen(0)` and every outgoing connection on the machine (other test files running at the
 * same time, other people's runs) takes its port from there, so a port asked of the kernel and
 * let go could be handed to one of them before our server binds it.
 */
export async function freePort(): Promise<number> {
  for (let i = 0; i < 100; i++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (await bindable(port)) return port;
  }
  throw new Error('no free port in 20000-31999 after 100 tries');
}

function bindable(port: number): Promise<boolean> {
  const probe = createServer();
  return new Promise((resolve) => {
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** Waits until the process uses less than a tenth of a core (over 300 ms), at most `maxMs`. On a
 * machine busier than its cores a process can get less than that while it works: for the end of
 * the startup work, wait for /readyz (`startupDone`), not for this. */
export async function settled(pid: number, maxMs = 30_000): Promise<void> {
  const cpuTicks = () => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ').slice(11, 13).reduce((a, b) => a + Number(b), 0);
  for (let i = 0; i < maxMs / 300; i++) {
    const before = cpuTicks();
    await new Promise((r) => setTimeout(r, 300));
    if (cpuTicks() - before < 3) return;
  }
}

/** How long the startup work (the search data, and the renders ahead where asked for) may take. */
const STARTUP_MS = 180_000;

/** Until /readyz answers, and not `starting` (server/index.ts: the search data loaded and, with
 * RENDER_AHEAD=on, every sitemap page rendered ahead: the most asked before ready, the rest after,
 * which /readyz tells by `renderingAhead`). Past the startup the check asks the content
 * service, which answers (503 when it fails or hangs past CONTENT_TIMEOUT_MS); no answer at all
 * (a server too busy to answer within 10 s, rendering ahead on a crowded machine) is asked again.
 * Throws after `maxMs`, or when the process exits. */
export async function startupDone(url: string, exited: () => boolean, maxMs = STARTUP_MS): Promise<void> {
  const end = Date.now() + maxMs;
  while (!exited()) {
    const status = await fetch(`${url}${READY_PATH}`, { signal: AbortSignal.timeout(10_000) }).then(
      async (r) => {
        const body = (await r.json().catch(() => ({}))) as { status?: string; renderingAhead?: boolean };
        // Ready, and the rest of the sitemap still rendering ahead: a test of a server that holds
        // every page waits for that too.
        return body.renderingAhead ? 'starting' : (body.status ?? `${r.status}`);
      },
      () => 'starting',
    );
    if (status !== 'starting') return;
    if (Date.now() > end) throw new Error(`the server still said starting after ${maxMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server exited during startup');
}

export type SpawnedServer = { child: ChildProcess; url: string; port: number };

/** Starts the server and waits until /healthz answers and its startup work is done (/readyz no
 * longer `starting`, then quiet); `core`: pinned to that core (`taskset -c`); `onLogLine`: each
 * line the server writes to stdout (its log), else stdout is ignored; `port`: this one (a replica
 * a proxy knows by its port, started again after a restart), else a free one. Without DATA_DIR in
 * `env` it gets a new temporary folder: never the working directory's `.data`, which servers of
 * test files running at the same time would share.
 *
 * RENDER_AHEAD is off unless `env` asks for it: rendering every sitemap page at startup costs
 * seconds of CPU per server, which a test pays for nothing unless it is about render-ahead (the
 * last known content through an outage, a replica ready only once rendered) or measures cached
 * pages without warming them itself. */
export async function spawnServer(env: Record<string, string>, opts: { core?: string; onLogLine?: (line: string) => void; port?: number } = {}): Promise<SpawnedServer> {
  requireBuild();
  const port = opts.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const [command, args] = opts.core === undefined ? [process.execPath, ['dist/server/index.cjs']] : ['taskset', ['-c', opts.core, process.execPath, 'dist/server/index.cjs']];
  const child = spawn(command, args, {
    env: { PATH: process.env.PATH, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', PUBLIC_ORIGIN: url, RENDER_AHEAD: 'off', DATA_DIR: env.DATA_DIR ?? newDataDir(), ...env },
    stdio: ['ignore', opts.onLogLine ? 'pipe' : 'ignore', 'inherit'],
  });
  if (opts.onLogLine && child.stdout) createInterface({ input: child.stdout }).on('line', opts.onLogLine);
  let exited = false;
  child.once('exit', () => (exited = true));
  for (let i = 0; i < 150 && !exited; i++) {
    if (await fetch(`${url}${HEALTH_PATH}`).then((r) => r.ok, () => false)) {
      try {
        await startupDone(url, () => exited);
      } catch (err) {
        child.kill('SIGKILL');
        throw err;
      }
      // Then quiet: what the startup left (a collection, the last log lines on their way).
      await settled(child.pid!);
      return { child, url, port };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(exited ? 'the server exited during startup' : 'the server did not answer /healthz within 15 s');
}

/** A data folder of its own for a spawned server. */
export const newDataDir = () => mkdtempSync(path.join(tmpdir(), 'joinus-spawned-'));
