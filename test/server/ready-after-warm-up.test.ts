// A new replica reports ready once its most asked pages are rendered (server/pages/startup-renders.ts):
// a proxy in front sends it visitors with the home page and every page the menus link ready, so a
// rolling deploy shows nobody a cold replica; the rest of the sitemap renders after, and readiness
// never waits for the whole site (a time budget, READY_WARM_MS, not the sitemap's length).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { requireBuild } from '../support/require-build';
import { until } from '../support/until';

type Line = { msg?: string; time?: number; port?: number; rendered?: number; of?: number };

/** The built server on the embedded content, and its log lines as they come. */
function startServer(env: Record<string, string>) {
  requireBuild();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'joinus-ready-'));
  const child = spawn(process.execPath, ['dist/server/index.cjs'], {
    env: { PATH: process.env.PATH, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: Line[] = [];
  let rest = '';
  child.stdout.on('data', (chunk: Buffer) => {
    const text = rest + chunk.toString();
    const parts = text.split('\n');
    rest = parts.pop() ?? '';
    for (const part of parts) if (part.startsWith('{')) lines.push(JSON.parse(part) as Line);
  });
  child.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  return { child, lines };
}

/** /readyz's answers from the first one the server gives until it says ready. */
async function readinessUntilReady(s: ReturnType<typeof startServer>): Promise<{ seen: string[]; readyAt: number }> {
  const deadline = Date.now() + 120_000;
  let port: number | undefined;
  while (port === undefined && Date.now() < deadline) {
    port = s.lines.find((l) => l.port !== undefined && l.msg?.startsWith('Join Us site listening'))?.port;
    await new Promise((r) => setTimeout(r, 10));
  }
  const seen: string[] = [];
  while (Date.now() < deadline) {
    const res = await fetch(`http://127.0.0.1:${port}/readyz`);
    const body = (await res.json()) as { status: string };
    if (seen.at(-1) !== `${res.status} ${body.status}`) seen.push(`${res.status} ${body.status}`);
    if (res.status === 200) return { seen, readyAt: Date.now() };
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`not ready within 120 s: ${seen.join(', ')}`);
}

test('/readyz answers 503 starting until the most asked pages are rendered ahead, then 200; the rest of the sitemap renders after', async () => {
  const s = startServer({ RENDER_AHEAD: 'on' });
  try {
    const { seen, readyAt } = await readinessUntilReady(s);
    assert.deepEqual(seen, ['503 starting', '200 ready']);
    // The log comes through a pipe: waited for (a busy machine delays it), not a fixed 200 ms.
    assert.ok(await until(() => s.lines.some((l) => l.msg === 'ready: the most asked pages rendered'), 10_000, 10), 'the ready line is logged');
    const first = s.lines.find((l) => l.msg === 'most asked pages rendered ahead');
    assert.ok(first?.time !== undefined && first.time <= readyAt, 'the most asked pages were rendered before it said ready');
    assert.ok((first.rendered ?? 0) >= 10, `the home pages and the menus' pages: ${first.rendered} of ${first.of}`);
    assert.ok(await until(() => s.lines.some((l) => l.msg === 'sitemap pages rendered ahead'), 60_000, 20), 'the rest of the sitemap is rendered after');
    const rest = s.lines.find((l) => l.msg === 'sitemap pages rendered ahead')!;
    assert.ok((rest.rendered ?? 0) > 0 && rest.time! >= first.time, `after ready: ${rest.rendered} of ${rest.of}`);
  } finally {
    s.child.kill('SIGKILL');
  }
});

test('the class, readiness that grows with the site: the first renders stop at READY_WARM_MS, whatever is left', async () => {
  const s = startServer({ RENDER_AHEAD: 'on', READY_WARM_MS: '0' });
  try {
    const { seen } = await readinessUntilReady(s);
    assert.equal(seen.at(-1), '200 ready');
    assert.ok(await until(() => s.lines.some((l) => l.msg === 'most asked pages rendered ahead'), 10_000, 10));
    const first = s.lines.find((l) => l.msg === 'most asked pages rendered ahead')!;
    assert.equal(first.rendered, 0, 'no time, no page: ready all the same');
    assert.ok((first.of ?? 0) > 10);
  } finally {
    s.child.kill('SIGKILL');
  }
});

test('with RENDER_AHEAD=off it is ready once the search data is loaded, rendering nothing ahead', async () => {
  const s = startServer({ RENDER_AHEAD: 'off' });
  try {
    const { seen } = await readinessUntilReady(s);
    assert.equal(seen.at(-1), '200 ready');
    // Lines come in the order they were written: once the ready line is here, a line about
    // pages rendered ahead (written before it) would be too.
    assert.ok(await until(() => s.lines.some((l) => l.msg === 'ready: the most asked pages rendered'), 10_000, 10), 'the ready line is logged');
    assert.ok(!s.lines.some((l) => l.msg === 'sitemap pages rendered ahead' || l.msg === 'most asked pages rendered ahead'));
  } finally {
    s.child.kill('SIGKILL');
  }
});
