import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { createContentClient } from '../../src/content/client';
import { loadDistricts } from '../../src/content/districts';
import { toSlug } from '../../src/content/model/common';
import { parseContentSettings } from '../../src/content/settings';
import { slugify } from '../../src/content/slugify';
import { captureLogger } from './helpers/logger';
import { startFakeContentService, type FakeContentService, type Recorded, type Reply } from '../support/fake-content-service';
import { expectErrorLines } from '../support/error-guard';

const servers: FakeContentService[] = [];
after(() => Promise.all(servers.map((s) => s.down())));

const slugCases: Array<[string, string]> = [
  ['Rivierenland', 'rivierenland'],
  ['Rijk van Nijmegen', 'rijk-van-nijmegen'],
  ['Fryslân', 'fryslan'],
  ["'s-Hertogenbosch", 's-hertogenbosch'],
  ['Zuid-Holland  Zuid', 'zuid-holland-zuid'],
  ['Noord & West', 'noord-west'],
  ['Île-de-France 2', 'ile-de-france-2'],
];
for (const [name, slug] of slugCases) {
  test(`slugify ${JSON.stringify(name)} → ${slug}, as the content model checks it`, () => {
    assert.equal(slugify(name), slug);
    assert.equal(toSlug(name), slug);
  });
}

const detail = {
  id: 1,
  name: 'Rivierenland',
  slug: 'rivierenland',
  description: 'Tiel en Culemborg',
  municipalities: [{ name: 'Tiel', postcodeAreas: ['4001'] }],
  locations: [{ id: 1, name: 'Tiel' }],
};

async function setup(respond: (req: Recorded) => Reply) {
  const upstream = await startFakeContentService(respond);
  servers.push(upstream);
  const { logger } = captureLogger();
  const client = createContentClient({ settings: parseContentSettings({ url: upstream.url }), logger, cache: null });
  return { upstream, client, logger };
}

const answers = (req: Recorded): Reply =>
  req.query === 'id=1'
    ? { json: { data: detail } }
    : { json: { data: [{ id: 1, name: 'Rivierenland' }, { id: 2, name: 'Rijk van Nijmegen' }] } };

test('the list loads first, then the detail of the matching slug, merged into its entry', async () => {
  const { upstream, client, logger } = await setup(answers);
  const final = await loadDistricts(client, logger);

  assert.deepEqual(upstream.requests.map((r) => `${r.path}?${r.query}`), ['/api/q42/districts?', '/api/q42/districts?id=1']);
  assert.deepEqual(final.current, { ...detail });
  assert.deepEqual(final.districts[1], { id: 2, name: 'Rijk van Nijmegen', slug: 'rijk-van-nijmegen' });
  assert.equal(final.districts[0], final.current);
});

test('in a language: the list and the detail are both asked in it', async () => {
  const { upstream, client, logger } = await setup((req) => answers({ ...req, query: req.query.replace(/&?locale=en/, '') }));
  const final = await loadDistricts(client, logger, 'rivierenland', 'en');
  assert.deepEqual(upstream.requests.map((r) => `${r.path}?${r.query}`), ['/api/q42/districts?locale=en', '/api/q42/districts?id=1&locale=en']);
  assert.equal(final.current?.description, detail.description);
});

test('another slug picks another district; no match leaves current empty', async () => {
  const { upstream, client, logger } = await setup(answers);
  const none = await loadDistricts(client, logger, 'utrecht');
  assert.equal(none.current, null);
  assert.equal(none.districts.length, 2);
  assert.equal(upstream.requests.length, 1, 'no detail request without a match');
});

test('a failing list is ignored: empty list', async () => {
  expectErrorLines('content service error');
  const { client, logger } = await setup(() => ({ status: 500, json: { data: null, error: { status: 500, name: 'InternalServerError', message: 'boom', details: {} } } }));
  const final = await loadDistricts(client, logger);
  assert.deepEqual(final, { districts: [], current: null });
});

test('a failing detail keeps the list entry as current', async () => {
  const { client, logger } = await setup((req) => (req.query === 'id=1' ? { status: 404, json: { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } } } : answers(req)));
  const final = await loadDistricts(client, logger);
  assert.deepEqual(final.current, { id: 1, name: 'Rivierenland', slug: 'rivierenland' });
});
