// wrk, the load generator of `npm run bench` and of the resilience suite's cache-busting part:
// C, one thread, Lua for per-request addresses. A Node client tops out far below what the
// server does and then measures itself; wrk on a core of its own does not.
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The server under test runs on this core (`taskset -c`)... */
export const SERVER_CORE = '0';
/** ...and the load generator on this one, so they never share a core. */
export const LOAD_CORE = '1';

export type Load = { rps: number; p50: number; p99: number; errors: number };

/** The path of wrk; installs it with apt when missing and running as root (CI). */
export function ensureWrk(): string {
  const found = ['/usr/bin/wrk', '/usr/local/bin/wrk'].find((p) => existsSync(p));
  if (found) return found;
  if (process.getuid?.() !== 0) throw new Error('wrk is missing: apt-get install wrk (the load generator of npm run bench and npm run test:resilience)');
  console.log('Installing wrk with apt-get (once)...');
  execFileSync('sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk'], { stdio: 'inherit' });
  return '/usr/bin/wrk';
}

/** `wrk --latency` on LOAD_CORE with `Accept-Encoding: gzip`; `script` (Lua) picks each request's
 * address. Errors: answers other than 2xx or 3xx, and socket errors. */
export async function wrk(bin: string, url: string, opts: { connections: number; seconds: number; script?: string }): Promise<Load> {
  const args = ['-c', LOAD_CORE, bin, '-t1', `-c${opts.connections}`, `-d${opts.seconds}s`, '--latency', '--timeout', '10s', '-H', 'Accept-Encoding: gzip'];
  if (opts.script) {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'wrk-')), 'script.lua');
    writeFileSync(file, opts.script);
    args.push('-s', file);
  }
  const { stdout: out } = await promisify(execFile)('taskset', [...args, url], { encoding: 'utf8' });
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? NaN);
  const latency = (pct: string) => {
    const m = new RegExp(`\\s${pct}%\\s+([\\d.]+)(us|ms|s)`).exec(out);
    if (!m) return NaN;
    const value = Number(m[1]);
    return m[2] === 'us' ? value / 1000 : m[2] === 's' ? value * 1000 : value;
  };
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const errors = non2xx + (socket ? socket.slice(1).reduce((a, b) => a + Number(b), 0) : 0);
  return { rps, p50: latency('50'), p99: latency('99'), errors };
}

/** Lua: `prefix` plus an ever-new number, so no two requests share an address. */
export const uniqueAddresses = (prefix: string) => `counter = 0\nrequest = function()\n  counter = counter + 1\n  return wrk.format(nil, "${prefix}" .. counter)\nend\n`;

/** Lua: the given paths in turn, over and over. */
export const pathsInTurn = (paths: string[]) =>
  `paths = { ${paths.map((p) => JSON.stringify(p)).join(', ')} }\ni = 0\nrequest = function()\n  i = i % #paths + 1\n  return wrk.format(nil, paths[i])\nend\n`;
