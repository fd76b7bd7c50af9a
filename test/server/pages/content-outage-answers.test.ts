// The class: an answer made from content when the content service cannot be reached and nothing
// of it was ever kept (a replica started during an outage, a page nobody asked for since the
// service went down). Every such GET is the service's failure, not the page's: a 503 with
// Retry-After that says so in the page's language, kept by no cache; before, a 500 "something went
// wrong" (seen on /sitemap.xml after a restore, and on a replica restarted during an outage).
// The neighbours: a page in each language, a Flight navigation, a search, the sitemap, the feed
// and llms.txt, each answered by another route.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { freePort, spawnServer, type SpawnedServer } from '../../support/spawn-server';

let server: SpawnedServer;

before(async () => {
  // A port nothing listens on: every call to the content service is refused.
  server = await spawnServer({ STRAPI_URL: `http://127.0.0.1:${await freePort()}`, STRAPI_TOKEN: 'unused' });
});
after(() => server.child.kill('SIGTERM'));

const ASKED = [
  { path: '/over-ons', says: 'Door een storing bij ons' },
  { path: '/', says: 'Door een storing bij ons' },
  { path: '/en/about', says: 'Because of a fault on our side' },
  { path: '/?_rsc=1', says: 'Door een storing bij ons' },
  { path: '/locaties?age=17&postcode=4001AB', says: 'Door een storing bij ons' },
  { path: '/sitemap.xml', says: 'Door een storing bij ons' },
  { path: '/feed.xml', says: 'Door een storing bij ons' },
  { path: '/llms.txt', says: 'Door een storing bij ons' },
];

for (const { path, says } of ASKED) {
  test(`the class, an answer from content never kept while the service is down: ${path} is a 503 to try again`, async () => {
    const res = await fetch(server.url + path);
    const body = await res.text();
    assert.equal(res.status, 503, `${path}: ${body.slice(0, 200)}`);
    assert.equal(res.headers.get('retry-after'), '30');
    assert.equal(res.headers.get('cache-control'), 'no-store');
    assert.ok(body.includes(says), body.slice(0, 400));
    assert.match(body, /<link rel="stylesheet"/, 'the site\'s own look');
  });
}

test('the class, an answer from content never kept while the service is down: a HEAD too', async () => {
  const res = await fetch(server.url + '/blog', { method: 'HEAD' });
  assert.equal(res.status, 503);
  assert.equal(res.headers.get('retry-after'), '30');
});

test('the class, an answer from content never kept while the service is down: what needs no content still answers', async () => {
  for (const path of ['/robots.txt', '/manifest.webmanifest']) assert.equal((await fetch(server.url + path)).status, 200, path);
});
