// A new replica reports ready only after its startup renders (server/index.ts): a proxy in front
// sends it visitors once its pages are rendered, so a rolling deploy shows nobody a cold replica.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { requireBuild } from '../support/require-build';
import { until } from '../support/until';

type Line = { msg?: string; time?: number; port?: number };

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

test('/readyz answers 503 starting until every sitemap page is rendered ahead, then 200', async () => {
  const s = startServer({ RENDER_AHEAD: 'on' });
  try {
    const { seen, readyAt } = await readinessUntilReady(s);
    assert.deepEqual(seen, ['503 starting', '200 ready']);
    // The log comes through a pipe: waited for (a busy machine delays it), not a fixed 200 ms.
    assert.ok(await until(() => s.lines.some((l) => l.msg === 'ready: startup renders done'), 10_000, 10), 'the ready line is logged');
    const rendered = s.lines.find((l) => l.msg === 'sitemap pages rendered ahead');
    assert.ok(rendered?.time !== undefined && rendered.time <= readyAt, 'the pages were rendered before it said ready');
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
    assert.ok(await until(() => s.lines.some((l) => l.msg === 'ready: startup renders done'), 10_000, 10), 'the ready line is logged');
    assert.ok(!s.lines.some((l) => l.msg === 'sitemap pages rendered ahead'));
  } finally {
    s.child.kill('SIGKILL');
  }
});
