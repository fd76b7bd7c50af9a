// A visitor at another host than PUBLIC_ORIGIN's (without `www.`) is sent to the same path at the
// public origin before anything is served or read: a page with a 301, a post with a 308 that
// keeps its method and body (a 303 from the other host to the public one was not followed for a
// form: the CSP's form-action). Probes, operators' figures, loopback access and the replicas'
// own hosts are served wherever they arrive.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import request from 'supertest';
import { parseEnv } from '../../../server/env';
import { DONATION_REPLICA_PATH } from '../../../src/routing/endpoints';
import { recordingSink, testApp } from '../../support/test-app';

const PUBLIC = 'https://www.joinus.example';
const recorded = recordingSink();
const { app } = testApp({ sink: recorded.sink, publicOrigin: PUBLIC, otherHosts: { alsoServed: ['http://site-1:3000'] }, metrics: { token: 'metrics-token' } });
const agent = request(app);

describe('a request to another host than the public origin\'s goes to the same path there', () => {
  test('GET and HEAD: 301 to the same path and query at the public origin, also for a page the render cache holds', async () => {
    // Rendered once at the public host: the fast path holds it from then on.
    assert.equal((await agent.get('/doneren').set('Host', 'www.joinus.example')).status, 200);
    assert.equal((await agent.get('/doneren').set('Host', 'www.joinus.example')).status, 200);
    for (const host of ['joinus.example', 'JoinUs.example:443', 'old-name.example']) {
      const res = await agent.get('/doneren?bedrag=25').set('Host', host);
      assert.equal(res.status, 301, host);
      assert.equal(res.headers.location, `${PUBLIC}/doneren?bedrag=25`, host);
    }
    const head = await agent.head('/locaties?age=14&postcode=4001+LK').set('Host', 'joinus.example');
    assert.equal(head.status, 301);
    assert.equal(head.headers.location, `${PUBLIC}/locaties?age=14&postcode=4001+LK`);
  });

  test('a post (the donation form without JavaScript, the contact form): 308, method and body kept, nothing read or stored', async () => {
    for (const path of ['/forms/donation', '/forms/contact']) {
      const res = await agent.post(path).set('Host', 'joinus.example').type('form').send('amount=25&name=Anna');
      assert.equal(res.status, 308, path);
      assert.equal(res.headers.location, `${PUBLIC}${path}`, path);
    }
    assert.deepEqual(recorded.saved, []);
  });

  test('the host a trusted proxy forwards counts (X-Forwarded-Host), as Express reads it', async () => {
    const res = await agent.post('/forms/contact').set('Host', '127.0.0.1:3000').set('X-Forwarded-Host', 'joinus.example').type('form').send('message=hoi');
    assert.equal(res.status, 308);
    assert.equal(res.headers.location, `${PUBLIC}/forms/contact`);
  });

  test('served where they arrive: the public host, health and metrics at any host, loopback, a replica\'s own host', async () => {
    assert.equal((await agent.get('/contact').set('Host', 'www.joinus.example')).status, 200);
    assert.equal((await agent.get('/contact').set('Host', 'www.joinus.example:443')).status, 200);
    // Varnish's probe (Host: varnish-probe), a container's HEALTHCHECK, Prometheus.
    assert.equal((await agent.get('/healthz').set('Host', 'varnish-probe')).status, 200);
    assert.equal((await agent.get('/readyz').set('Host', 'varnish-probe')).status, 200);
    assert.equal((await agent.get('/metrics').set('Host', '10.0.0.5:3000').set('Authorization', 'Bearer metrics-token')).status, 200);
    // An operator on the machine.
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000']) assert.equal((await agent.get('/contact').set('Host', host)).status, 200, host);
    // Another replica asking this one (REPLICA_URL), at its internal name.
    assert.equal((await agent.get('/contact').set('Host', 'site-1:3000')).status, 200);
    assert.notEqual((await agent.post(DONATION_REPLICA_PATH).set('Host', 'site-2:3000').send({})).status, 308);
  });
});

test('without PUBLIC_ORIGIN (OTHER_HOSTS off) every host is served; OTHER_HOSTS is redirect or serve', async () => {
  const { app: open } = testApp();
  assert.equal((await request(open).get('/contact').set('Host', 'joinus.example')).status, 200);
  const parsed = parseEnv({});
  assert.ok(parsed.ok && parsed.env.OTHER_HOSTS === 'redirect');
  const serve = parseEnv({ OTHER_HOSTS: 'serve' });
  assert.ok(serve.ok && serve.env.OTHER_HOSTS === 'serve');
  assert.ok(!parseEnv({ OTHER_HOSTS: 'maybe' }).ok);
});
