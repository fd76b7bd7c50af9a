// 6. Connections: the built server under a small open-file limit (`ulimit -n`), flooded with
// slow-header connections (each sends the start of a request head, then a byte now and then,
// never the end), far more than the limit. /healthz is asked on a fresh connection every
// 250 ms throughout and must answer every time; the log must say once that the connection bound
// was reached; a single slow-header client must be cut at HEADERS_TIMEOUT_MS, and a urlencoded
// form body and a webhook's JSON body trickled a byte at a time at their deadlines (408); after
// the flood the process's descriptors must be back where they were.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { Agent } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { send } from './http';
import { percentile, type Report } from './report';
import { descriptors, FORM_SECRET, logWritten, oldStamp, sleep, WEBHOOK_SECRET } from './site';
import { freePort } from '../../test/support/spawn-server';
import { until } from '../../test/support/until';

const PART = 'connections';
/** A health checker's patience: Kubernetes waits 1 s by default, Docker's HEALTHCHECK 30 s. A
 * flood from one host can fill the kernel's accept queue for a moment, and a connection whose
 * SYN is dropped there is retried after a second. */
const PROBE_TIMEOUT_MS = 3000;

export type ConnectionsProfile = {
  /** Slow connections opened in all, `batch` at a time every 20 ms. */
  connections: number;
  batch: number;
  /** The server's open-file limit. */
  openFiles: number;
  headersTimeoutMs: number;
  /** FORM_POST_TIMEOUT_MS: a body without files gets at most 30 s of it. */
  formPostTimeoutMs: number;
};

export type Spawned = { url: string; port: number; pid: number; dataDir: string; lines: Array<Record<string, unknown>>; exited: () => boolean; stop(): Promise<void> };

/** The built server under `ulimit -n {openFiles}`, its log lines kept. */
export async function startLogged(env: Record<string, string>, openFiles: number): Promise<Spawned> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'joinus-resilience-conn-'));
  const child = spawn('sh', ['-c', `ulimit -n ${openFiles} && exec "$0" dist/server/index.cjs`, process.execPath], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'info',
      RENDER_AHEAD: 'off',
      DATA_DIR: dataDir,
      FORM_SECRET,
      STRAPI_WEBHOOK_SECRET: WEBHOOK_SECRET,
      FORM_RATE_LIMIT: '1000',
      FORM_RATE_LIMIT_NO_CAPTCHA: '1000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: Array<Record<string, unknown>> = [];
  let rest = '';
  child.stdout.on('data', (chunk: Buffer) => {
    const parts = (rest + chunk.toString('utf8')).split('\n');
    rest = parts.pop() ?? '';
    for (const line of parts) if (line.startsWith('{')) lines.push(JSON.parse(line) as Record<string, unknown>);
  });
  let exited = false;
  const exit = new Promise<void>((resolve) => child.once('exit', () => ((exited = true), resolve())));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 150 && !exited; i++) {
    if (await fetch(`${url}/healthz`).then((r) => r.ok, () => false)) break;
    await sleep(100);
  }
  return {
    url,
    port,
    pid: child.pid!,
    dataDir,
    lines,
    exited: () => exited,
    async stop() {
      if (exited) return;
      child.kill('SIGTERM');
      const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exit;
      clearTimeout(force);
    },
  };
}

/** A raw connection: what it received, and when the server closed it. */
function rawSocket(port: number, first: string) {
  const socket: Socket = connect(port, '127.0.0.1');
  const state = { opened: performance.now(), closedAt: 0, received: '' };
  socket.on('data', (d: Buffer) => (state.received += d.toString('latin1')));
  socket.on('close', () => (state.closedAt = performance.now()));
  socket.on('error', () => {});
  socket.on('connect', () => socket.write(first));
  return { socket, state, status: () => /^HTTP\/1\.1 (\d{3})/.exec(state.received)?.[1] ?? 'none' };
}

/** Writes `body` a byte every `everyMs` after `head` until the server closes the connection or `boundMs` passes. */
async function trickled(port: number, head: string, body: string, everyMs: number, boundMs: number) {
  const client = rawSocket(port, head);
  let sent = 0;
  const timer = setInterval(() => !client.socket.destroyed && sent < body.length && client.socket.write(body[sent++]!), everyMs);
  await until(() => client.state.closedAt > 0, boundMs, 20);
  clearInterval(timer);
  client.socket.destroy();
  return { cut: client.state.closedAt > 0, ms: (client.state.closedAt || performance.now()) - client.state.opened, status: client.status() };
}

export async function connections(opts: ConnectionsProfile, report: Report): Promise<void> {
  const site = await startLogged({ HEADERS_TIMEOUT_MS: String(opts.headersTimeoutMs), FORM_POST_TIMEOUT_MS: String(opts.formPostTimeoutMs) }, opts.openFiles);
  try {
    if (site.exited()) return report.fail(PART, 'the server did not start');
    await logWritten();
    const bound = Number(site.lines.find((l) => typeof l.maxConnections === 'number')?.maxConnections);
    report.figure(PART, 'open-file limit / connection bound', `${opts.openFiles} / ${bound}`);

    // One slow-header client, alone: cut at the headers deadline.
    const slow = rawSocket(site.port, 'GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: ');
    const slowTrickle = setInterval(() => !slow.socket.destroyed && slow.socket.write('a'), 500);
    await until(() => slow.state.closedAt > 0, opts.headersTimeoutMs + 5000, 20);
    clearInterval(slowTrickle);
    slow.socket.destroy();
    const slowMs = (slow.state.closedAt || performance.now()) - slow.state.opened;
    if (!slow.state.closedAt || slowMs > opts.headersTimeoutMs + 2000) report.fail(PART, `a slow-header client was held ${(slowMs / 1000).toFixed(1)} s (HEADERS_TIMEOUT_MS ${opts.headersTimeoutMs})`);
    report.figure(PART, 'slow headers: answer, s', `${slow.status()}, ${(slowMs / 1000).toFixed(1)}`);

    // Bodies trickled a byte at a time: cut at a small body's deadline (at most 30 s), not held for minutes.
    const smallTotalMs = Math.min(opts.formPostTimeoutMs, 30_000);
    const everyMs = Math.max(100, Math.floor(smallTotalMs / 40));
    const form = new URLSearchParams({ name: 'Sam', email: 'sam@example.nl', message: 'x'.repeat(400), privacy: 'on', _ts: oldStamp(), _page: '/contact' }).toString();
    const json = JSON.stringify({ event: 'entry.update', model: 'page', entry: { text: 'x'.repeat(400) } });
    const [urlencoded, webhook] = await Promise.all([
      trickled(site.port, `POST /forms/contact HTTP/1.1\r\nHost: localhost\r\nOrigin: ${site.url}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${form.length}\r\n\r\n`, form, everyMs, smallTotalMs + 5000),
      trickled(site.port, `POST /api/content-webhook HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${WEBHOOK_SECRET}\r\nContent-Type: application/json\r\nContent-Length: ${json.length}\r\n\r\n`, json, everyMs, smallTotalMs + 5000),
    ]);
    for (const [name, t] of [['urlencoded form', urlencoded], ['webhook JSON', webhook]] as const) {
      if (!t.cut || t.status !== '408') report.fail(PART, `a ${name} body trickled a byte per ${everyMs} ms was ${t.cut ? `answered ${t.status}` : 'still open'} after ${(t.ms / 1000).toFixed(1)} s (deadline ${smallTotalMs / 1000} s)`);
      report.figure(PART, `${name} trickled: answer, s`, `${t.status}, ${(t.ms / 1000).toFixed(1)}`);
    }

    // The flood, with /healthz asked throughout on fresh connections.
    const baseline = descriptors(site.pid, '/nonexistent').total;
    const fresh = new Agent({ keepAlive: false });
    const probes: Array<{ ok: boolean; ms: number; why?: string }> = [];
    let peakFds = baseline;
    let flooding = true;
    const prober = (async () => {
      while (flooding) {
        const answer = await send({ method: 'GET', path: '/healthz' }, { port: site.port, agent: fresh, timeoutMs: PROBE_TIMEOUT_MS });
        probes.push({ ok: answer.ok && answer.status === 200, ms: answer.ms, why: answer.ok ? String(answer.status) : `${answer.code} after ${answer.ms.toFixed(0)} ms` });
        if (!site.exited()) peakFds = Math.max(peakFds, descriptors(site.pid, '/nonexistent').total);
        await sleep(250);
      }
    })();
    const attackers = new Set<ReturnType<typeof rawSocket>>();
    let cutByServer = 0;
    let floodOver = false;
    const started = performance.now();
    const keepAlive = setInterval(() => {
      for (const a of attackers) if (!a.socket.destroyed) a.socket.write('a');
    }, 2000);
    for (let opened = 0; opened < opts.connections; opened += opts.batch) {
      for (let i = 0; i < Math.min(opts.batch, opts.connections - opened); i++) {
        const a = rawSocket(site.port, 'GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: ');
        attackers.add(a);
        a.socket.once('close', () => {
          attackers.delete(a);
          if (!floodOver) cutByServer += 1;
        });
      }
      await sleep(20);
    }
    const openedMs = performance.now() - started;
    // Held past the headers deadline, so the first ones would be cut by it anyway.
    await sleep(opts.headersTimeoutMs);
    flooding = false;
    await prober;
    clearInterval(keepAlive);
    const stillOpen = attackers.size;
    const ended = performance.now();
    floodOver = true;
    for (const a of attackers) a.socket.destroy();
    const recovered = await until(() => !site.exited() && descriptors(site.pid, '/nonexistent').total <= baseline + 5, 15_000, 50);
    const recoveryMs = performance.now() - ended;
    const after = await send({ method: 'GET', path: '/healthz' }, { port: site.port, agent: fresh, timeoutMs: 2000 });

    const answered = probes.filter((p) => p.ok);
    await logWritten();
    const boundLines = site.lines.filter((l) => l.msg === 'connection bound reached').length;
    if (site.exited()) report.fail(PART, 'the server exited during the flood');
    if (answered.length < probes.length) report.fail(PART, `/healthz failed ${probes.length - answered.length} of ${probes.length} times during the flood (${probes.filter((p) => !p.ok).map((p) => p.why).join(', ')})`);
    if (boundLines < 1) report.fail(PART, 'the log did not say that the connection bound was reached');
    if (boundLines > 3) report.fail(PART, `${boundLines} log lines about the connection bound: not one per minute`);
    if (!recovered) report.fail(PART, `descriptors not back to ${baseline} within 15 s of the flood's end`);
    if (!(after.ok && after.status === 200)) report.fail(PART, '/healthz did not answer after the flood');
    report.figure(PART, `slow connections opened (in ${(openedMs / 1000).toFixed(1)} s)`, opts.connections);
    report.figure(PART, 'closed by the server / still open at the end', `${cutByServer} / ${stillOpen}`);
    report.figure(PART, 'server descriptors before / peak', `${baseline} / ${peakFds}`);
    report.figure(PART, '/healthz answered during the flood', `${answered.length}/${probes.length}`);
    report.figure(PART, '/healthz p50 / max ms', `${percentile(answered.map((p) => p.ms), 50).toFixed(0)} / ${Math.max(0, ...answered.map((p) => p.ms)).toFixed(0)}`);
    report.figure(PART, "'connection bound reached' log lines", boundLines);
    report.figure(PART, 'descriptors back after the flood, s', recovered ? (recoveryMs / 1000).toFixed(2) : 'no');
    fresh.destroy();
  } finally {
    await site.stop();
  }
}
