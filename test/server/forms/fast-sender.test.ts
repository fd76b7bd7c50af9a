// Without JavaScript, a form sent within the minimum fill time (browser autofill, a quick
// typist) is not refused: the page comes back with the answers in it (an upload kept on the
// server) and asks to send it once more; that second post is stored. A filled honeypot or a
// stamp that is not ours is still refused.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import request from 'supertest';
import { recordingSink, testApp } from '../../support/test-app';
import { ORIGIN, stamps, validContact } from './helpers';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const stampIn = (html: string) => /name="_ts" value="([^"]+)"/.exec(html)?.[1];

describe('a fast, honest sender without JavaScript', () => {
  test('a post within 3 s is asked to confirm, answers kept; the confirmation is stored once', async () => {
    const rec = recordingSink();
    const { app } = testApp({ sink: rec.sink });
    const fields = { ...validContact, message: 'Snel ingevuld met autofill.', _page: '/contact' };
    const first = await request(app).post('/forms/contact').set('Origin', ORIGIN).type('form').send({ ...fields, _ts: stamps.stamp() });
    assert.equal(first.status, 200, first.text.slice(0, 300));
    assert.doesNotMatch(first.text, /Niet verstuurd/);
    assert.match(first.text, /verstuur het formulier nog een keer/);
    assert.match(first.text, /value="Sam de Vries"/);
    assert.match(first.text, /Snel ingevuld met autofill\./);
    assert.equal(rec.saved.length, 0, 'nothing stored before the confirmation');
    const stamp = stampIn(first.text);
    assert.ok(stamp);
    await request(app).post('/forms/contact').set('Origin', ORIGIN).type('form').send({ ...fields, _ts: stamp }).expect(303);
    assert.equal(rec.saved.length, 1);
    assert.equal(rec.saved[0]!.data.message, 'Snel ingevuld met autofill.');
    // The confirmation counts once: the same post again is a new one, and quick again.
    await request(app).post('/forms/contact').set('Origin', ORIGIN).type('form').send({ ...fields, _ts: stamp }).expect(200);
    assert.equal(rec.saved.length, 1);
  });

  test('an upload sent too fast is kept across the confirmation: the visitor does not choose it again', async () => {
    const rec = recordingSink();
    const { app } = testApp({ sink: rec.sink });
    const fields = { name: 'Noor Jansen', email: 'noor@example.nl', phone: '0612345678', privacy: 'on', _page: '/vacatures' };
    const multipart = (stamp: string) => {
      const req = request(app).post('/forms/vacancy-application').set('Origin', ORIGIN).field('_ts', stamp);
      for (const [k, v] of Object.entries(fields)) req.field(k, v);
      return req;
    };
    const first = await multipart(stamps.stamp()).attach('cv', PDF, { filename: 'cv.pdf', contentType: 'application/pdf' }).expect(200);
    assert.match(first.text, /Je bestand hebben we bewaard/);
    await multipart(stampIn(first.text)!).expect(303);
    assert.equal(rec.saved.length, 1);
    const [cv] = rec.saved[0]!.files;
    assert.equal(cv?.field, 'cv');
    assert.equal(cv?.originalName, 'cv.pdf');
    assert.deepEqual(readFileSync(cv!.path), PDF);
  });

  test('a filled honeypot or a stamp that is not ours is still refused', async () => {
    const rec = recordingSink();
    const { app } = testApp({ sink: rec.sink });
    await request(app).post('/forms/contact').set('Origin', ORIGIN).type('form').send({ ...validContact, _ts: stamps.stamp(), website: 'http://spam' }).expect(400);
    await request(app).post('/forms/contact').set('Origin', ORIGIN).type('form').send({ ...validContact, _ts: '123.forged' }).expect(400);
    await request(app).post('/forms/contact').set('Origin', ORIGIN).type('form').send({ ...validContact }).expect(400);
    assert.equal(rec.saved.length, 0);
  });
});
