// A real Varnish (Debian's varnishd) in front of test servers, with the site's own VCL
// (deploy/varnish/vcl.ts): on loopback, in a temporary working directory, stopped after.
import { get as httpGet } from 'node:http';
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { siteVcl } from '../../deploy/varnish/vcl';
import { freePort } from './spawn-server';

const VARNISHD = '/usr/sbin/varnishd';

export type StartedVarnish = {
  origin: string;
  port: number;
  /** Whether Varnish's probe takes each backend as healthy now, in the order they were given. */
  healthy(): Promise<boolean[]>;
  stop(): Promise<void>;
};

export async function startVarnish(o: { backends: Array<{ host: string; port: number }>; port?: number; purgeToken?: string }): Promise<StartedVarnish> {
  if (!existsSync(VARNISHD)) throw new Error(`${VARNISHD} is missing: install Debian's Varnish first (apt-get install -y varnish)`);
  const dir = mkdtempSync(path.join(tmpdir(), 'joinus-varnish-'));
  const vcl = path.join(dir, 'site.vcl');
  writeFileSync(vcl, siteVcl({ backends: o.backends.map((b, i) => ({ ...b, name: `replica_${i + 1}` })), purgeToken: o.purgeToken }));
  const port = o.port ?? (await freePort());
  const adminPort = await freePort();
  // -j none: no privilege separation, so the root-owned temporary directory needs no chown.
  const args = ['-F', '-j', 'none', '-n', path.join(dir, 'work'), '-a', `127.0.0.1:${port}`, '-T', `127.0.0.1:${adminPort}`, '-f', vcl, '-s', 'malloc,64m'];
  const child = spawn(VARNISHD, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let gone = false;
  void exited.then(() => (gone = true));
  const origin = `http://127.0.0.1:${port}`;

  const stop = async () => {
    if (!gone) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(killer);
    }
    rmSync(dir, { recursive: true, force: true });
  };

  // Any answer of Varnish's (even a 503 while no backend is up; X-Varnish says it is Varnish's)
  // means it listens and the VCL is loaded. An answer without it is another process on the port
  // (a test of another folder's, running beside): Varnish then exits, unable to bind, and says so.
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (gone) {
      await stop();
      throw new Error(`varnishd exited at startup:\n${output}`);
    }
    try {
      // Asked on a connection of its own, closed after: fetch would keep it in its pool, and
      // the test's first request, minutes later on a busy machine, went out on it after
      // Varnish had closed it (timeout_idle, 5 s): "other side closed", 0 bytes of the answer.
      if (!(await answersAsVarnish(`${origin}/healthz`))) throw new Error('not Varnish');
      return { origin, port, healthy: () => probed(path.join(dir, 'work'), o.backends.length), stop };
    } catch {
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`varnishd did not answer on ${origin} within 20 s:\n${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}


/** `varnishadm backend.list`: the probed backends `replica_1`..`replica_n` (the VCL's names above). */
async function probed(work: string, count: number): Promise<boolean[]> {
  const { stdout } = await promisify(execFile)('varnishadm', ['-n', work, 'backend.list'], { encoding: 'utf8' });
  const health = new Map([...stdout.matchAll(/^\S+\.replica_(\d+)\s+\S+\s+\S+\s+(healthy|sick)\s/gm)].map((m) => [Number(m[1]), m[2] === 'healthy']));
  return Array.from({ length: count }, (_, i) => health.get(i + 1) ?? false);
}

/** Whether `url` answers as Varnish does (X-Varnish), on a connection closed after. */
function answersAsVarnish(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = httpGet(url, { agent: false, headers: { Connection: 'close' }, timeout: 1_000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(Boolean(res.headers['x-varnish'])));
      res.on('error', () => resolve(false));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
  });
}
