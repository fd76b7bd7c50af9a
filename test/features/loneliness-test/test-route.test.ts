// POST /forms/loneliness-test over the real app (production build, embedded snapshot) and a
// real submission store: two visitors with the same anonymous answers stay two records, a
// resend with the same submission id is one, and the JSON answer names the groups the
// find-a-group search finds for the postcode and age.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import request from 'supertest';
import { openDatabase } from '../../../server/store/database';
import { createSubmissionStore } from '../../../server/store/submissions';
import type { FormSink } from '../../../server/forms/form-post';
import { testApp } from '../../support/test-app';
import { oldStamp, ORIGIN, solvedCaptcha } from '../../server/forms/helpers';
import { tempDir } from '../../server/store/helpers/setup';

function storedApp(t: { after(fn: () => void): void }) {
  const db = openDatabase(tempDir(t));
  t.after(() => db.close());
  const store = createSubmissionStore(db);
  const sink: FormSink = { save: (input) => store.save(input), notify: () => {} };
  return { app: testApp({ sink }).app, store };
}

const answers = (a: string) => Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`q${i + 1}`, a]));

describe('the loneliness test endpoint', () => {
  test('without JavaScript: two visitors posting the same anonymous answers are two records', async (t) => {
    const { app, store } = storedApp(t);
    const fields = { ...answers('nee'), postcode: '4001 AA', age: '17', consent: 'on', _locale: 'nl', _page: '/doe-de-test/start' };
    for (let i = 0; i < 2; i++) {
      const res = await request(app).post('/forms/loneliness-test').set('Origin', ORIGIN).type('form').send({ ...fields, _ts: oldStamp() }).expect(200);
      assert.match(res.text, /Je antwoorden zijn anoniem bewaard/);
    }
    const records = store.list({ form: 'loneliness-test' });
    assert.equal(records.length, 2);
    assert.deepEqual(records.map((r) => r.idempotencyKey), [null, null]);
  });

  test('with JavaScript: the same submission id twice is one record; the answer names the groups near the postcode', async (t) => {
    const { app, store } = storedApp(t);
    const fields = { ...answers('nee'), postcode: '4001 AA', age: '17', consent: 'on', _locale: 'nl', _sid: 't-visitor-0001' };
    let body: { stored: boolean; group: { status: string; municipality: string; groups: Array<{ slug: string; signUpHref: string; when: string }> } } | undefined;
    for (let i = 0; i < 2; i++) {
      const res = await request(app).post('/forms/loneliness-test').set('Origin', ORIGIN).set('Accept', 'application/json').type('form').send({ ...fields, altcha: await solvedCaptcha(app) }).expect(200);
      body = res.body;
    }
    assert.equal(store.list({ form: 'loneliness-test' }).length, 1);
    assert.equal(body?.stored, true);
    // 4001 is Tiel (Rivierenland). At 17 the Tiel group for 16 to 21 fits (not the one for 12
    // to 16) and comes first; then other groups of the district, three in all.
    assert.equal(body?.group.status, 'found');
    assert.equal(body?.group.municipality, 'Tiel');
    assert.equal(body?.group.groups.length, 3);
    assert.equal(body?.group.groups[0]!.slug, 'tiel-16-21');
    assert.ok(!body?.group.groups.some((g) => g.slug === 'tiel-12-16'));
    assert.equal(body?.group.groups[0]!.signUpHref, '/aanmelden?locatie=tiel-16-21');
    assert.equal(body?.group.groups[0]!.when, 'Om de week op donderdag, 19.00 tot 21.00 uur');
  });

  test('with JavaScript: not found for the age names the region; the lowest band and a mail-only post name none', async (t) => {
    const { app } = storedApp(t);
    const post = async (fields: Record<string, string>) =>
      (await request(app).post('/forms/loneliness-test').set('Origin', ORIGIN).set('Accept', 'application/json').type('form').send({ postcode: '4001 AA', _locale: 'nl', ...fields, altcha: await solvedCaptcha(app) }).expect(200)).body as { group: Record<string, unknown> | null };
    const older = await post({ ...answers('min-of-meer'), age: '27' });
    assert.deepEqual(older.group, { status: 'not-found', municipality: 'Tiel', district: { name: 'Rivierenland', href: '/regio/rivierenland' }, keepPostedHref: '/locaties?postcode=4001AA&age=27#zoekresultaat', searchHref: '/locaties?postcode=4001AA&age=27' });
    const positive = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`q${i + 1}`, [1, 4, 7, 8, 11].includes(i + 1) ? 'ja' : 'nee']));
    assert.equal((await post({ ...positive, age: '17' })).group, null, 'not lonely: tips, no group');
  });

  test('with JavaScript: "mail my result" with no address says the spec\'s no-email message', async (t) => {
    const { app } = storedApp(t);
    const res = await request(app)
      .post('/forms/loneliness-test')
      .set('Origin', ORIGIN)
      .set('Accept', 'application/json')
      .type('form')
      .send({ ...answers('nee'), postcode: '4001 AA', age: '17', email: '', _mailOnly: '1', _locale: 'nl', altcha: await solvedCaptcha(app) });
    assert.equal(res.status, 422);
    assert.equal(res.body.errors?.email, 'Je hebt geen e-mailadres ingevuld.');
  });
});
