// The class "a route that takes a body is never refused as one that takes none": every POST
// route the composed site registers (forms, webhooks, the donation replicas, the test checkout,
// logging out, a provider login's start), found by walking the app's routers rather than listed
// by hand, gets its body read; a page path and a GET with a body are refused unread (413).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import request from 'supertest';
import type { Express } from 'express';
import { testApp } from '../../support/test-app';
import { expectErrorLines } from '../../support/error-guard';
import { setupDonations } from '../../../server/features/donations/donation-setup';
import { openDatabase } from '../../../server/store/database';
import { captureLogger, tempDir } from '../store/helpers/setup';
import { accountSite } from '../../features/accounts/helpers';

type Layer = { route?: { path: string | string[]; methods: Record<string, boolean> }; handle?: { stack?: Layer[] } };

/** Every path a POST route is registered at, in the app and the routers it uses. */
function postRoutes(site: unknown): string[] {
  const app = (site as { behind: Express }).behind;
  const found = new Set<string>();
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route?.methods.post) for (const path of [layer.route.path].flat()) found.add(path);
      if (layer.handle?.stack) walk(layer.handle.stack);
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack);
  return [...found].sort();
}

/** A concrete address of a route (`:name` segments filled in). */
const concrete = (route: string) => route.replace(/:(\w+)/g, (_, name: string) => (name === 'provider' ? 'github' : name === 'form' || name === 'name' ? 'contact' : `x-${name}`));

test('the class "a route that takes a body is never refused as one that takes none": every POST route of the site reads its body; a page and a GET with a body are refused unread', async (t) => {
  const dir = tempDir(t);
  const db = openDatabase(dir);
  t.after(() => db.close());
  const { app } = testApp({ dataDir: dir, webhookSecret: 'body-routes-webhook-secret', loginProviders: ['github', 'google'], donations: (sink, publicOrigin) => setupDonations({ mollieMethods: ['ideal'], mollieCheckoutOrigin: 'https://www.mollie.com', testCheckoutEnabled: true, nodeEnv: 'production' }, { db, sink, publicOrigin, logger: captureLogger().logger }) });
  // A site with accounts and login providers has the routes a site without them lacks.
  const accounts = await accountSite({ loginProviders: ['github', 'google'] });
  // Its content webhook has no secret set: it answers 503 (logged as the error it is), unread no more than any.
  expectErrorLines('request errored (failed with status code 503)');
  for (const site of [app, accounts.app]) {
    const routes = postRoutes(site);
    for (const route of routes) {
      const res = await request(site).post(concrete(route)).type('form').send('a=1');
      assert.notEqual(res.status, 413, `POST ${concrete(route)} (route ${route}) was refused unread`);
    }
  }
  // The walk finds the routes this test is about; a router it cannot see would leave them out.
  const seen = [...postRoutes(app), ...postRoutes(accounts.app)];
  for (const expected of ['/forms/:form', '/doneren/testbetaling/:id', '/api/donaties/webhook', '/api/content-webhook', '/connect/:provider', '/account/uitloggen']) assert.ok(seen.includes(expected), `${expected} among ${seen.join(', ')}`);
  // Neighbours on the other side: a page path and a GET with a body take none.
  await request(app).post('/over-ons').type('form').send('a=1').expect(413);
  await request(app).get('/contact').set('Content-Type', 'application/x-www-form-urlencoded').send('a=1').expect(413);
});
