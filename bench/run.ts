// npm run bench: requests per second and p50/p99 latency of the production build for `/`
// (HTML) and for a Flight navigation request, each side by side with a plain node:http
// server answering the same bytes from memory (the physical limit on this machine).
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const PAGES = (process.env.BENCH_PATHS ?? '/,/over-ons').split(',');

type Result = { name: string; rps: number; p50: number; p99: number; errors: number };

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  const { port } = probe.address() as AddressInfo;
  await new Promise((r) => probe.close(r));
  return port;
}

async function startSite(): Promise<{ url: string; stop: () => void }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['dist/server/index.cjs'], {
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  child.on('exit', (code) => code && console.error(`site exited with ${code}: did you run npm run build?`));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    if (await fetch(`${url}/healthz`).then((r) => r.ok, () => false)) return { url, stop: () => child.kill('SIGTERM') };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('the site did not start within 10 s');
}

async function plainServer(bodies: Map<string, { type: string; body: Buffer }>) {
  const server = createServer((req, res) => {
    const hit = bodies.get(req.url ?? '/');
    if (!hit) return void res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': hit.type, 'Content-Length': hit.body.length });
    res.end(hit.body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

async function measure(name: string, url: string, headers: Record<string, string> = {}): Promise<Result> {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  return { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

/** Searches for ever-new (age, postcode) pairs in the four districts and beyond. */
async function coldSearches(url: string): Promise<Result> {
  let n = 0;
  const r = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    requests: [
      {
        setupRequest: (req) => {
          n++;
          const postcode = `${1000 + (n % 9000)} ${String.fromCharCode(65 + (n % 26))}${String.fromCharCode(66 + (Math.floor(n / 26) % 24))}`;
          return { ...req, path: `/locaties?${new URLSearchParams({ age: String(10 + (n % 23)), postcode, n: String(n) })}` };
        },
      },
    ],
  });
  return { name: 'cold search', rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

// Production logs every request at info level; the bench pays that cost too.
const site = await startSite();
try {
  const bodies = new Map<string, { type: string; body: Buffer }>();
  for (const path of PAGES) {
    for (const flight of [false, true]) {
      const p = flight ? `${path}${path.includes('?') ? '&' : '?'}_rsc=1` : path;
      const res = await fetch(site.url + p, { headers: { 'Accept-Encoding': 'identity' } });
      if (!res.ok) throw new Error(`${p} answered ${res.status}`);
      bodies.set(p, { type: res.headers.get('content-type') ?? 'text/html', body: Buffer.from(await res.arrayBuffer()) });
    }
  }
  const plain = await plainServer(bodies);
  const rows: Array<[Result, Result, number]> = [];
  for (const [p, { body }] of bodies) {
    const s = await measure(`site  ${p}`, site.url + p);
    const b = await measure(`plain ${p}`, plain.url + p);
    rows.push([s, b, body.length]);
  }
  plain.close();
  console.log(`\n${CONNECTIONS} connections, ${DURATION}s each, node ${process.version}\n`);
  console.log('path'.padEnd(26), 'bytes'.padStart(8), 'site req/s'.padStart(11), 'p50'.padStart(6), 'p99'.padStart(6), 'plain req/s'.padStart(12), 'p50'.padStart(6), 'p99'.padStart(6), 'ratio'.padStart(7));
  for (const [s, b, bytes] of rows) {
    console.log(
      s.name.slice(6).padEnd(26), String(bytes).padStart(8),
      s.rps.toFixed(0).padStart(11), `${s.p50}`.padStart(6), `${s.p99}`.padStart(6),
      b.rps.toFixed(0).padStart(12), `${b.p50}`.padStart(6), `${b.p99}`.padStart(6),
      (s.rps / b.rps).toFixed(3).padStart(7),
      s.errors ? ` (${s.errors} errors)` : '',
    );
  }
  console.log('\nratio = site req/s / plain node:http req/s serving the same bytes from memory; latencies in ms');

  // Every visitor's search is a different address: none of these is in the render cache.
  const cold = await coldSearches(site.url);
  console.log(`\nfind-a-group searches, each a new address (no render cache): ${cold.rps.toFixed(0)} req/s, p50 ${cold.p50} ms, p99 ${cold.p99} ms${cold.errors ? ` (${cold.errors} errors)` : ''}`);
} finally {
  site.stop();
}
