// The class "a post with mistakes is answered with its field messages before anything asks who
// sent it, and spends nothing": whatever the timing or stamp, an invalid post gets its messages
// (422, answers kept), never the question to confirm, and uses up no budget for posts without
// captcha, on the contact form and its neighbour, the course request. (A confirmation sent with
// a mistake still closes its question: the corrected one is asked again. Validating first would
// need the question's kept uploads before the check; not done.)
import assert from 'node:assert/strict';
import { test } from 'node:test';
import request from 'supertest';
import { recordingSink, testApp } from '../../support/test-app';
import { oldStamp, ORIGIN, stamps, validContact } from './helpers';

const inAMonth = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
const course = { name: 'Sam de Vries', email: 'sam@example.nl', phone: '0612345678', message: 'Wanneer start de volgende cursus?', preferredLocation: 'Utrecht', preferredDate: inAMonth, privacy: 'on' };

for (const form of [
  { name: 'contact', page: '/contact', valid: validContact, missing: /Je hebt geen naam ingevuld\./ },
  { name: 'course-information', page: '/academy/eenzaamheid-herkennen-bij-jongeren', valid: course, missing: /Je hebt geen naam ingevuld\./ },
]) {
  test(`the class "mistakes first, and they spend nothing": ${form.name} sent with mistakes at once, with no stamp, or past the budget gets its messages; the budget stays for the valid post`, async () => {
    const rec = recordingSink();
    // Two posts without captcha per window: every invalid one below would have spent it.
    const { app } = testApp({ sink: rec.sink, rateLimitWithoutCaptcha: 2 });
    const send = (fields: Record<string, string>) => request(app).post(`/forms/${form.name}`).set('Origin', ORIGIN).type('form').send({ _page: form.page, ...fields });
    for (const stamp of [stamps.stamp(), '', 'not-a-stamp', oldStamp(), oldStamp()]) {
      const res = await send({ ...form.valid, name: '', _ts: stamp }).expect(422);
      assert.match(res.text, form.missing, `stamp ${JSON.stringify(stamp)}`);
      assert.doesNotMatch(res.text, /verstuur het formulier nog een keer/, `stamp ${JSON.stringify(stamp)}: not the question`);
      // What was typed comes back.
      assert.match(res.text, /value="sam@example\.nl"/);
    }
    assert.equal(rec.saved.length, 0);
    // The valid post, filled like a person, is within the budget the mistakes did not spend.
    await send({ ...form.valid, _ts: oldStamp() }).expect(303);
    await send({ ...form.valid, _ts: oldStamp() }).expect(303);
    assert.equal(rec.saved.length, 2);
    // A filled honeypot is refused whatever else is wrong.
    await send({ ...form.valid, name: '', website: 'https://spam.example', _ts: oldStamp() }).expect(400);
  });
}
