import assert from 'node:assert/strict';
import { test } from 'node:test';
import { maskUrl } from '../../../server/http/logger';
import { parseQuery } from '../../../server/http/query-parser';
import { memoryLog } from '../../support/test-app';

test('form fields are redacted in log lines wherever they sit', () => {
  const { lines, logger } = memoryLog();
  logger.info({ body: { name: 'Jan', email: 'jan@example.nl', phone: '0612345678', topic: 'groep' } }, 'form received');
  logger.info({ submission: { data: { firstname: 'Sam', telephone: '0612' } } }, 'delivered');
  const text = JSON.stringify(lines);
  for (const secret of ['Jan', 'jan@example.nl', '0612345678', 'Sam', '0612']) assert.ok(!text.includes(secret), secret);
  assert.ok(text.includes('groep'), 'other fields stay readable');
});

test('personal query values are masked in logged URLs', () => {
  assert.equal(maskUrl('/zoek?age=16&zipcode=4001AB&email=a%40b.nl'), '/zoek?age=16&zipcode=[redacted]&email=[redacted]');
  assert.equal(maskUrl('/blog?categorie=news'), '/blog?categorie=news');
});

test('a secret in a URL is masked, whatever the case or encoding of its name', () => {
  assert.equal(maskUrl('/preview?secret=s3cr3t&uid=api::page.page'), '/preview?secret=[redacted]&uid=api::page.page');
  assert.equal(maskUrl('/preview?SECRET=a&%73ecret=b&secret[]=c&secret[x]=d'), '/preview?SECRET=[redacted]&%73ecret=[redacted]&secret[]=[redacted]&secret[x]=[redacted]');
  assert.equal(maskUrl('/preview?secrets=kept&uid=x'), '/preview?secrets=kept&uid=x');
});

test('a secret in a URL is masked whatever separator carries it: `&`, `;`, a path parameter, a fragment; its name percent-encoded too', () => {
  assert.equal(maskUrl('/auth/github/callback?x=1;access_token=abc;id_token=def'), '/auth/github/callback?x=1;access_token=[redacted];id_token=[redacted]');
  assert.equal(maskUrl('/pagina;jsessionid=1;token=abc/verder?q=1'), '/pagina;jsessionid=1;token=[redacted]/verder?q=1');
  assert.equal(maskUrl('/auth/callback#access_token=abc&state=xyz'), '/auth/callback#access_token=[redacted]&state=[redacted]');
  assert.equal(maskUrl('/zoek?age=16#email=a%40b.nl'), '/zoek?age=16#email=[redacted]');
  // The neighbour: a name percent-encoded behind any separator, or its `=` encoded with it.
  assert.equal(maskUrl('/x?a=1;%74oken=abc&%65mail=a%40b.nl'), '/x?a=1;%74oken=[redacted]&%65mail=[redacted]');
  assert.equal(maskUrl('/x;%73ecret=abc#%63ode=def'), '/x;%73ecret=[redacted]#%63ode=[redacted]');
  assert.equal(maskUrl('/x?a=1;token%3Dabc'), '/x?a=1;[redacted]');
  // What is no secret stays readable, whatever separates it.
  assert.equal(maskUrl('/blog;categorie=news?pagina=2#boven'), '/blog;categorie=news?pagina=2#boven');
});

test('query strings are parsed with depth 5, array limit 20 and 1000 parameters', () => {
  const many = Array.from({ length: 1500 }, (_, i) => `k${i}=1`).join('&');
  assert.equal(Object.keys(parseQuery(many)).length, 1000);
  const deep = parseQuery('a[b][c][d][e][f][g]=1') as { a: Record<string, unknown> };
  assert.ok(JSON.stringify(deep).includes('[g]'), 'levels past 5 are not expanded');
  const arr = parseQuery('x[21]=1') as { x: unknown };
  assert.ok(!Array.isArray(arr.x), 'indices past 20 do not make sparse arrays');
  assert.deepEqual(parseQuery('__proto__[x]=1&constructor[prototype][y]=2'), {});
});

test('the access line skips redaction (nothing personal in it by construction); handler lines through req.log stay redacted and carry the request id', async () => {
  const express = (await import('express')).default;
  const request = (await import('supertest')).default;
  const { httpLogger } = await import('../../../server/http/logger');
  const { lines, logger } = memoryLog();
  const app = express();
  app.use(httpLogger(logger));
  app.get('/x', (req, res) => {
    req.log.info({ body: { email: 'sam@example.nl', topic: 'groep' } }, 'handler line');
    res.send('ok');
  });
  app.get('/quiet', (_req, res) => void res.send('ok'));
  await request(app).get('/x?email=sam%40example.nl').set('X-Request-Id', 'req-id-00000001').set('Cookie', 'jwt=abc').set('User-Agent', 'test').expect(200);
  await request(app).get('/quiet').expect(200);
  const handler = lines.find((l) => l.msg === 'handler line');
  assert.equal(handler?.reqId, 'req-id-00000001');
  assert.deepEqual(handler?.body, { email: '[redacted]', topic: 'groep' });
  const access = lines.filter((l) => l.msg === 'request completed');
  assert.equal(access.length, 2);
  assert.deepEqual(Object.keys(access[0]!.req as object).sort(), ['client', 'id', 'method', 'url', 'userAgent']);
  assert.equal((access[0]!.req as { url: string }).url, '/x?email=[redacted]');
  assert.ok(!JSON.stringify(lines).includes('sam@example.nl') && !JSON.stringify(lines).includes('jwt=abc'));
});
