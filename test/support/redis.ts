// A real Redis from Debian's packages (scripts/ensure-engines.mjs installs it) for the tests
// that share state between replicas: on a loopback port of its own, in a temporary folder,
// nothing saved to disk, stopped by the test that started it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './spawn-server';

const REDIS_SERVER = process.env.REDIS_SERVER_PATH ?? '/usr/bin/redis-server';

/** True once the server answers PING on `port` (after AUTH with `password`, as `user` when given). */
function answersPing(port: number, password?: string, user?: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write(password === undefined ? 'PING\r\n' : `AUTH ${user ? `${user} ` : ''}${password}\r\nPING\r\n`));
    let answer = '';
    socket.on('data', (data) => {
      answer += data.toString();
      if (answer.includes('+PONG')) done(true);
      else if (answer.includes('-')) done(false);
    });
  });
}

/** `password`: the server requires it (`--requirepass`, unless `args` set it), and `url` and
 * the startup's PING carry it; `user`: they log in as this ACL user (which `args` make, as
 * compose.yaml does) with `password`; `args`: more of redis-server's own. */
export async function startRedis(opts?: { port?: number; password?: string; user?: string; args?: string[] }): Promise<{ url: string; port: number; stop(): Promise<void> }> {
  const port = opts?.port ?? (await freePort());
  const dir = mkdtempSync(path.join(tmpdir(), 'joinus-redis-'));
  // Compose's own arguments may carry the password already: then theirs decide.
  const auth = opts?.password === undefined || opts.user !== undefined || opts.args?.includes('--requirepass') ? [] : ['--requirepass', opts.password];
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--loglevel', 'warning', ...auth, ...(opts?.args ?? [])];
  const child = spawn(REDIS_SERVER, args, { stdio: ['ignore', 'ignore', 'inherit'] });
  let exited = false;
  const exit = new Promise<void>((resolve) => child.once('exit', () => ((exited = true), resolve())));
  child.once('error', () => (exited = true));
  for (let i = 0; i < 100 && !exited; i++) {
    if (await answersPing(port, opts?.password, opts?.user)) {
      return {
        url: opts?.password === undefined ? `redis://127.0.0.1:${port}` : `redis://${encodeURIComponent(opts.user ?? '')}:${encodeURIComponent(opts.password)}@127.0.0.1:${port}`,
        port,
        async stop() {
          if (!exited) child.kill('SIGTERM');
          await exit;
          rmSync(dir, { recursive: true, force: true });
        },
      };
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
  throw new Error(exited ? `${REDIS_SERVER} exited during startup (port ${port} taken, or not installed: apt-get install -y redis-server)` : `${REDIS_SERVER} did not answer PING on port ${port} within 5 s`);
}
