// Beside the class "a form on an event's page is a sign-up for that event": the content service
// down (the sign-up is taken on trust, never lost), and the other forms an editor may place on an
// event's page (they stay themselves: no event context, their own required fields, and a forged
// event context is not stored as a sign-up they never were).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import request from 'supertest';
import { expectErrorLines } from '../../support/error-guard';
import { snapshotResponder, startFakeContentService, type Responder } from '../../support/fake-content-service';
import { closedPortUrl, recordingSink, testApp } from '../../support/test-app';
import { ORIGIN, solvedCaptcha } from './helpers';
import { fieldsFor, formDefinition } from '../../../src/forms/catalogue/index';

const EVENT = '/stronger-together-2027';
const CONTEXT = 'event:stronger-together-2027';
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The snapshot as Strapi answers it, with the event page's form block holding `form` instead. */
function eventPageWith(form: string): Responder {
  const snapshot = snapshotResponder();
  return async (req, incoming) => {
    const reply = await snapshot(req, incoming);
    const body = reply.json as { data?: Array<{ slug?: string; blocks?: Array<Record<string, unknown>> }> } | undefined;
    if (req.path !== '/api/pages' || !Array.isArray(body?.data)) return reply;
    const data = body.data.map((page) =>
      page.slug === 'stronger-together-2027' ? { ...page, blocks: page.blocks?.map((b) => (b.__component === 'blocks.form' ? { ...b, form } : b)) } : page,
    );
    return { ...reply, json: { ...body, data } };
  };
}

test("a form on an event's page is a sign-up for that event: with the content service unreachable it is taken on trust by its slug, logged, and stored", async () => {
  expectErrorLines('content service failed and nothing is cached for this key');
  const rec = recordingSink();
  const { app, logs } = testApp({ sink: rec.sink, strapiUrl: await closedPortUrl() });
  const res = await request(app).post('/forms/contact').set('Origin', ORIGIN).set('Accept', 'application/json').type('form')
    .send({ name: 'Fatima El Amrani', email: 'fatima@example.nl', privacy: 'on', context: CONTEXT, _page: EVENT, altcha: await solvedCaptcha(app) }).expect(200);
  assert.equal(res.body.ok, true);
  assert.equal(rec.saved.length, 1);
  assert.equal(rec.saved[0]!.data.about, CONTEXT);
  assert.equal(rec.saved[0]!.data.event, 'stronger-together-2027', 'the slug stands in for the name nobody could look up');
  assert.ok(logs.some((l) => l.msg === 'event lookup failed (content service unreachable); sign-up taken on trust' && l.event === 'stronger-together-2027'));
});

for (const form of ['course-information', 'start-location']) {
  test(`beside the class: ${form}, placed on an event's page, is its usual self (no event context, its own required fields)`, async (t) => {
    const strapi = await startFakeContentService(eventPageWith(form));
    t.after(() => strapi.down());
    const { app } = testApp({ strapiUrl: strapi.url });
    const html = (await request(app).get(EVENT).expect(200)).text;
    const wrapper = html.indexOf(`id="formulier-${form}"`);
    assert.ok(wrapper > 0, `the ${form} form is on the page`);
    const formHtml = html.slice(wrapper, html.indexOf('</form>', wrapper));
    assert.doesNotMatch(formHtml, /name="context"/);
    // Every input as the form asks it anywhere: required where its definition says so.
    for (const field of fieldsFor(formDefinition(form)!).filter((f) => f.type !== 'checkbox' && f.type !== 'choice')) {
      const tag = new RegExp(`<(?:input|textarea)[^>]* name="${field.name}"[^>]*>`).exec(formHtml)?.[0] ?? '';
      assert.ok(tag, `${form}: ${field.name} is on the page`);
      assert.equal(tag.includes('aria-required="true"'), !field.optional, `${form}: ${field.name} in ${tag}`);
    }
    assert.doesNotMatch(formHtml, /Opmerking/);
  });
}

test('beside the class: course information sent from an event page is stored as itself; a forged event context is dropped, not stored as a sign-up', async (t) => {
  const strapi = await startFakeContentService(eventPageWith('course-information'));
  t.after(() => strapi.down());
  const rec = recordingSink();
  const { app } = testApp({ sink: rec.sink, strapiUrl: strapi.url });
  const question = { name: 'Lotte Bakker', email: 'lotte@example.nl', phone: '0612345678', preferredLocation: 'Tiel', preferredDate: inDays(30), privacy: 'on', _page: EVENT };
  const post = async (fields: Record<string, string>) =>
    request(app).post('/forms/course-information').set('Origin', ORIGIN).set('Accept', 'application/json').type('form').send({ ...fields, altcha: await solvedCaptcha(app) });
  const missing = await post({ ...question, context: CONTEXT });
  assert.equal(missing.status, 422);
  assert.equal(missing.body.errors.message, 'Je hebt geen bericht ingevuld.', 'an event context makes no other form\'s message optional');
  assert.equal((await post({ ...question, message: 'Wanneer is de volgende training?' })).status, 200);
  assert.equal((await post({ ...question, message: 'En daarna?', context: CONTEXT })).status, 200);
  assert.equal(rec.saved.length, 2);
  for (const { collection, data } of rec.saved) {
    assert.equal(collection, 'course-information-requests');
    assert.equal(data.about, undefined);
    assert.equal(data.event, undefined);
  }
});
