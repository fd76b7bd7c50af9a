// Without JavaScript, a form sent within the minimum fill time (browser autofill, a quick
// typist) is not refused: the page comes back with the answers in it (an upload kept on the
// server) and asks to send it once more; that second post, a person's second look (the fill
// time after the question, moved here with t.mock.timers), is stored. The class: no answer of the
// fill-time check drops what was typed, with any stamp: one that is not ours is asked to confirm
// too; only a filled honeypot is refused. A form again (a mistake, a step) carries the form's
// first stamp, so a quick resend of a corrected form is judged from when the form first opened.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import request from 'supertest';
import { recordingSink, testApp } from '../../support/test-app';
import { ORIGIN, PDF, stamps, validContact, vacancyPost } from './helpers';

const stampIn = (html: string) => /name="_ts" value="([^"]+)"/.exec(html)?.[1];

describe('a fast, honest sender without JavaScript', () => {
  test('a post within 3 s is asked to confirm, answers kept; the confirmation is stored once', async (t) => {
    t.mock.timers.enable({ apis: ['Date'], now: Date.now() });
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
    t.mock.timers.tick(3_000);
    await request(app).post('/forms/contact').set('Origin', ORIGIN).type('form').send({ ...fields, _ts: stamp }).expect(303);
    assert.equal(rec.saved.length, 1);
    assert.equal(rec.saved[0]!.data.message, 'Snel ingevuld met autofill.');
    // The confirmation counts once: the same post again is asked again, its stamp spent.
    await request(app).post('/forms/contact').set('Origin', ORIGIN).type('form').send({ ...fields, _ts: stamp }).expect(200);
    assert.equal(rec.saved.length, 1);
  });

  // The class: a confirmation's stamp is spent once it is used, whatever the answer. Reported: a
  // confirmation with a mistake came back carrying that spent stamp, so the corrected form was
  // asked to confirm once more. Neighbour: another form (the course request, a date among its
  // fields), and the corrected form sent sooner than the fill time, which is asked again.
  test('a confirmation with a mistake gets its messages and a fresh stamp: the corrected form is taken, not asked again', async (t) => {
    t.mock.timers.enable({ apis: ['Date'], now: Date.now() });
    const rec = recordingSink();
    const { app } = testApp({ sink: rec.sink });
    const course = { _page: '/academy/eenzaamheid-herkennen-bij-jongeren', name: 'Sam de Vries', organisation: 'OBS De Linde', email: 'sam@example.nl', phone: '0612345678', message: 'Voor ons team van tien.', preferredLocation: 'Tiel', preferredDate: '2027-03-15', privacy: 'on' };
    for (const [form, fields, wrong] of [
      ['contact', { ...validContact, _page: '/contact' }, { email: 'sam@' }],
      ['course-information', course, { preferredDate: '2027-02-30' }],
    ] as const) {
      const post = (extra: Record<string, string>) => request(app).post(`/forms/${form}`).set('Origin', ORIGIN).type('form').send({ ...fields, ...extra });
      const question = await post({ _ts: stamps.stamp() }).expect(200);
      assert.match(question.text, /verstuur het formulier nog een keer/, form);
      t.mock.timers.tick(3_000);
      const questionStamp = stampIn(question.text)!;
      const mistake = await post({ ...wrong, _ts: questionStamp }).expect(422);
      assert.match(mistake.text, /Formulier onvolledig/, form);
      const fresh = stampIn(mistake.text)!;
      assert.notEqual(fresh, questionStamp, `${form}: not the spent stamp`);
      // Corrected at once: sooner than a person reads the messages, asked once more.
      await post({ _ts: fresh }).expect(200);
      t.mock.timers.tick(3_000);
      const before = rec.saved.length;
      await post({ _ts: fresh }).expect(303);
      assert.equal(rec.saved.length, before + 1, `${form}: the corrected form is stored`);
    }
  });

  test('an upload sent too fast is kept across the confirmation: the visitor does not choose it again', async (t) => {
    t.mock.timers.enable({ apis: ['Date'], now: Date.now() });
    const rec = recordingSink();
    const { app } = testApp({ sink: rec.sink });
    const multipart = (stamp: string) => vacancyPost(app, stamp);
    const first = await multipart(stamps.stamp()).attach('cv', PDF, { filename: 'cv.pdf', contentType: 'application/pdf' }).expect(200);
    assert.match(first.text, /Je bestand hebben we bewaard/);
    t.mock.timers.tick(3_000);
    await multipart(stampIn(first.text)!).expect(303);
    assert.equal(rec.saved.length, 1);
    const [cv] = rec.saved[0]!.files;
    assert.equal(cv?.field, 'cv');
    assert.equal(cv?.originalName, 'cv.pdf');
    assert.deepEqual(readFileSync(cv!.path), PDF);
  });

  test('the fill-time class: a stamp that is not ours, or none, is asked to confirm with the answers kept; a filled honeypot is refused', async (t) => {
    t.mock.timers.enable({ apis: ['Date'], now: Date.now() });
    const rec = recordingSink();
    const { app } = testApp({ sink: rec.sink });
    await request(app).post('/forms/contact').set('Origin', ORIGIN).type('form').send({ ...validContact, _ts: stamps.stamp(), website: 'http://spam' }).expect(400);
    // A page rendered before a restart with another secret, and a neighbour: no stamp at all.
    for (const [i, stamp] of [{ _ts: '123.forged' }, {}].entries()) {
      const first = await request(app).post('/forms/contact').set('Origin', ORIGIN).type('form').send({ ...validContact, ...stamp, _page: '/contact' }).expect(200);
      assert.match(first.text, /verstuur het formulier nog een keer/);
      assert.match(first.text, /value="Sam de Vries"/);
      assert.match(first.text, /Ik wil graag meer weten over de groepen\./);
      assert.equal(rec.saved.length, i, 'nothing stored before the confirmation');
      t.mock.timers.tick(3_000);
      await request(app).post('/forms/contact').set('Origin', ORIGIN).type('form').send({ ...validContact, _ts: stampIn(first.text)!, _page: '/contact' }).expect(303);
    }
    assert.equal(rec.saved.length, 2);
  });

  test('the fill-time class: a form sent before its scripts loaded with mistakes gets its field messages, not the question', async () => {
    const rec = recordingSink();
    const { app } = testApp({ sink: rec.sink });
    // Another form than contact: the course request, sent empty at once.
    const res = await request(app).post('/forms/course-information').set('Origin', ORIGIN).type('form').send({ _ts: stamps.stamp(), _page: '/academy/eenzaamheid-herkennen-bij-jongeren' }).expect(422);
    assert.doesNotMatch(res.text, /verstuur het formulier nog een keer/);
    assert.match(res.text, /Formulier onvolledig/);
    assert.match(res.text, /Je hebt geen naam ingevuld\./);
    assert.equal(rec.saved.length, 0);
  });

  test('the fill-time class: a form again carries its first stamp, so a quick resend of a corrected form is taken', async () => {
    const rec = recordingSink();
    const { app } = testApp({ sink: rec.sink });
    const opened = stamps.stamp(Date.now() - 20_000);
    const wrong = await request(app).post('/forms/contact').set('Origin', ORIGIN).type('form').send({ ...validContact, email: 'sam@', _ts: opened, _page: '/contact' }).expect(422);
    assert.equal(stampIn(wrong.text), opened);
    // Corrected and sent again at once: the form has been open for 20 s.
    await request(app).post('/forms/contact').set('Origin', ORIGIN).type('form').send({ ...validContact, _ts: stampIn(wrong.text)!, _page: '/contact' }).expect(303);
    assert.equal(rec.saved.length, 1);
  });

  test('the fill-time class: a sign-up asked to confirm keeps its group and comes back at its last step', async (t) => {
    t.mock.timers.enable({ apis: ['Date'], now: Date.now() });
    const rec = recordingSink();
    const { app } = testApp({ sink: rec.sink });
    const born = new Date(Date.now() - 14.5 * 365.25 * 86_400_000).toISOString().slice(0, 10);
    const signUp = {
      context: 'group:tiel-12-16', firstname: 'Sam', lastname: 'de Vries', date_of_birth: born, email: 'sam@example.nl',
      telephone: '0612345678', agreement: 'on', _step: '2', _page: '/aanmelden',
    };
    const opened = stamps.stamp();
    // Step 1 to 2 carries the first stamp; step 2 sent at once is asked to confirm.
    const step2 = await request(app).post('/forms/sign-up').set('Origin', ORIGIN).type('form').send({ ...signUp, _step: '1', _ts: opened }).expect(200);
    assert.equal(stampIn(step2.text), opened);
    assert.match(step2.text, /Join Us Tiel \(12-16 jaar\)/);
    t.mock.timers.tick(500);
    const asked = await request(app).post('/forms/sign-up').set('Origin', ORIGIN).type('form').send({ ...signUp, _ts: stampIn(step2.text)! }).expect(200);
    assert.match(asked.text, /verstuur het formulier nog een keer/);
    assert.match(asked.text, /Join Us Tiel \(12-16 jaar\)/);
    assert.match(asked.text, /Stap 2 van 2/);
    assert.match(asked.text, /value="0612345678"/);
    assert.notEqual(stampIn(asked.text), opened, 'the question carries a stamp made with it');
    t.mock.timers.tick(3_000);
    await request(app).post('/forms/sign-up').set('Origin', ORIGIN).type('form').send({ ...signUp, _ts: stampIn(asked.text)! }).expect(303);
    assert.equal(rec.saved.length, 1);
    assert.equal(rec.saved[0]!.data.location, 'tiel-12-16');
  });
});
