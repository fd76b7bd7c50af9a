// METRICS_PORT as an operator runs it (`node dist/server/index.cjs`): /metrics moves to a port of
// its own, where the client is the socket's peer (X-Forwarded-For is not believed there), and
// the site's port answers /metrics with its 404 page. The setting is checked at startup.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { describe, test } from 'node:test';
import { parseEnv } from '../../server/env';
import { freePort, spawnServer } from '../support/spawn-server';
import { parsePrometheusText, valueOf } from '../support/prometheus-text';

const TOKEN = 'metrics-token-0123456789';

describe('METRICS_PORT', () => {
  test('/metrics on its own port, not on the site\'s; there the socket\'s peer counts, and the token opens it', async (t) => {
    const metricsPort = await freePort();
    const site = await spawnServer({ METRICS_PORT: String(metricsPort), METRICS_TOKEN: TOKEN, OPERATOR_ADDRESSES: '198.51.100.0/24', RENDER_AHEAD: 'off' });
    t.after(() => site.child.kill('SIGKILL'));
    const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    assert.equal((await fetch(`${site.url}/contact`)).status, 200);
    const onSitePort = await fetch(`${site.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    assert.equal(onSitePort.status, 404);
    assert.doesNotMatch(await onSitePort.text(), /joinus_http_request/);

    // Loopback is not in OPERATOR_ADDRESSES here, and a forwarded address is no peer's.
    assert.equal((await fetch(metricsUrl)).status, 403);
    assert.equal((await fetch(metricsUrl, { headers: { 'X-Forwarded-For': '198.51.100.20' } })).status, 403);
    const res = await fetch(metricsUrl, { headers: { Authorization: `Bearer ${TOKEN}` } });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
    const families = parsePrometheusText(await res.text());
    assert.equal(valueOf(families, 'joinus_http_request_duration_seconds_count', { kind: 'page', status: '200' }), 1);
    assert.equal(valueOf(families, 'joinus_http_request_duration_seconds_count', { kind: 'metrics', status: '404' }), 1, 'the site port\'s /metrics: its 404 page');
    assert.equal(valueOf(families, 'joinus_outbox_submissions', { status: 'pending' }), 0, 'the real outbox is read');
    assert.equal((await fetch(`http://127.0.0.1:${metricsPort}/`)).status, 404, 'only /metrics there');
    // SIGTERM closes both ports and exits 0.
    const exited = once(site.child, 'exit');
    site.child.kill('SIGTERM');
    assert.deepEqual(await exited, [0, null]);
  });

  test('METRICS_PORT must differ from PORT, and METRICS_TOKEN be 16 characters or more', () => {
    const same = parseEnv({ PORT: '4100', METRICS_PORT: '4100' });
    assert.ok(!same.ok && same.errors.some((e) => e.startsWith('METRICS_PORT: must differ from PORT')));
    const short = parseEnv({ METRICS_TOKEN: 'short' });
    assert.ok(!short.ok && short.errors.some((e) => e.startsWith('METRICS_TOKEN')));
    const fine = parseEnv({ METRICS_PORT: '9464', METRICS_TOKEN: TOKEN });
    assert.ok(fine.ok && fine.env.METRICS_PORT === 9464);
    const absent = parseEnv({ METRICS_PORT: '' });
    assert.ok(absent.ok && absent.env.METRICS_PORT === undefined);
  });
});
