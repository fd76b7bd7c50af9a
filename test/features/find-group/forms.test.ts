// Keep-me-posted (three variants) and the sign-up, through the real form endpoints: the
// sign-up's age range is looked up on the server from the chosen group, never from the form.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import request from 'supertest';
import { closedPortUrl, recordingSink, testApp } from '../../support/test-app';
import { oldStamp, ORIGIN, solvedCaptcha } from '../../server/forms/helpers';
import { expectErrorLines } from '../../support/error-guard';

function bornYearsAgo(years: number): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() - 10);
  return d.toISOString().slice(0, 10);
}

const person = (age: number) => ({
  firstname: 'Sam',
  lastname: 'de Vries',
  date_of_birth: bornYearsAgo(age),
  email: 'sam@example.nl',
  telephone: '0612345678',
  agreement: 'on',
});

describe('keep-me-posted', () => {
  for (const variant of ['no-location', 'too-young', 'prefers-real-life'] as const) {
    test(`variant ${variant} is stored with its variant`, async () => {
      const rec = recordingSink();
      const { app } = testApp({ sink: rec.sink });
      const altcha = await solvedCaptcha(app);
      const body = { email: 'sam@example.nl', postcode: '4001ab', age: variant === 'too-young' ? '11' : '', privacy: 'on', context: `keep-me-posted:${variant}`, altcha };
      const res = await request(app).post('/forms/keep-me-posted').set('Origin', ORIGIN).set('Accept', 'application/json').type('form').send(body).expect(200);
      assert.equal(res.body.ok, true);
      assert.equal(rec.saved.length, 1);
      assert.equal(rec.saved[0]!.collection, 'keep-me-posted-requests');
      assert.equal(rec.saved[0]!.data.variant, variant);
      assert.equal(rec.saved[0]!.data.postcode, '4001 AB');
    });
  }

  test('too young needs the age', async () => {
    const { app } = testApp();
    const altcha = await solvedCaptcha(app);
    const res = await request(app).post('/forms/keep-me-posted').set('Origin', ORIGIN).set('Accept', 'application/json').type('form')
      .send({ email: 'sam@example.nl', postcode: '4001 AB', privacy: 'on', context: 'keep-me-posted:too-young', altcha }).expect(422);
    assert.ok(res.body.errors.age);
  });

  test('without JavaScript: redirect to the success state, which the page shows', async () => {
    const rec = recordingSink();
    const { app } = testApp({ sink: rec.sink });
    const res = await request(app).post('/forms/keep-me-posted').set('Origin', ORIGIN).type('form')
      .send({ email: 'sam@example.nl', postcode: '4001 AB', privacy: 'on', context: 'keep-me-posted:no-location', _page: '/locaties', _ts: oldStamp() }).expect(303);
    assert.equal(res.headers.location, '/locaties?verzonden=keep-me-posted#formulier-keep-me-posted');
    const page = await request(app).get('/locaties?verzonden=keep-me-posted').expect(200);
    assert.match(page.text, /class="form-success"/);
    assert.equal(rec.saved.length, 1);
  });

  // The thank-you without JavaScript is the one the enhanced form shows: the same words in the
  // same place (the search's outcome stays, the thank-you where its form was), and the address's
  // fragment names the thank-you itself, so the browser scrolls to it and focuses it.
  for (const [variant, search] of [['no-location', 'age=20&postcode=9999+AB'], ['too-young', 'age=11&postcode=4001+AB']] as const) {
    test(`without JavaScript from a search's outcome (${variant}): back to that outcome, its thank-you in place of the form`, async () => {
      const rec = recordingSink();
      const { app } = testApp({ sink: rec.sink });
      // (Read from another instance: a page seen just now makes a post without JavaScript wait.)
      const outcome = await request(testApp().app).get(`/locaties?${search}`).expect(200);
      const page = /name="_page" value="([^"]*)"/.exec(outcome.text)![1]!.replaceAll('&amp;', '&');
      assert.equal(page, `/locaties?${search}`, 'the form posts the page with its search');
      const res = await request(app).post('/forms/keep-me-posted').set('Origin', ORIGIN).type('form')
        .send({ email: 'sam@example.nl', postcode: '4001 AB', age: '11', privacy: 'on', context: `keep-me-posted:${variant}`, _page: page, _ts: oldStamp() }).expect(303);
      assert.equal(res.headers.location, `/locaties?${search}&verzonden=keep-me-posted#formulier-keep-me-posted`);
      const thanked = (await request(app).get(res.headers.location!.split('#')[0]!).expect(200)).text;
      const panel = /<section class="find-outcome[^]*?<\/section>/.exec(thanked)?.[0] ?? '';
      assert.match(panel, /<div class="form-success" id="formulier-keep-me-posted" role="status" tabindex="-1"><p class="form-success-title">Dank je wel<\/p><p>We laten het je weten zodra er een groep voor jou is\.<\/p><\/div>/);
      assert.doesNotMatch(panel, /<form/, 'no form left in the outcome');
      assert.equal(thanked.match(/id="formulier-keep-me-posted"/g)?.length, 1, 'one target for the fragment');
      assert.doesNotMatch(thanked, /zodra er een groep bij jou in de buurt is\./, 'not the page block\'s own words elsewhere');
      assert.equal(rec.saved.length, 1);
    });
  }

  test('without JavaScript, a post with a problem comes back in the search\'s outcome, the answers kept', async () => {
    const rec = recordingSink();
    const { app } = testApp({ sink: rec.sink });
    const res = await request(app).post('/forms/keep-me-posted').set('Origin', ORIGIN).type('form')
      .send({ email: 'sam@example.nl', postcode: '9999 AB', context: 'keep-me-posted:no-location', _page: '/locaties?age=20&postcode=9999+AB', _ts: oldStamp() }).expect(422);
    const panel = /<section class="find-outcome[^]*?<\/section>/.exec(res.text)?.[0] ?? '';
    assert.match(panel, /We hebben \(nog\) geen groep/);
    assert.match(panel, /Je hebt nog geen toestemming gegeven|privacybeleid/);
    assert.match(panel, /value="sam@example.nl"/);
    assert.equal(rec.saved.length, 0);
  });

  test('prefers real life without JavaScript: back to that variant, its words kept above the thank-you as with JavaScript', async () => {
    const { app } = testApp();
    const res = await request(app).post('/forms/keep-me-posted').set('Origin', ORIGIN).type('form')
      .send({ email: 'sam@example.nl', postcode: '4001 AB', privacy: 'on', context: 'keep-me-posted:prefers-real-life', _page: '/locaties?bijhouden=prefers-real-life', _ts: oldStamp() }).expect(303);
    assert.equal(res.headers.location, '/locaties?bijhouden=prefers-real-life&verzonden=keep-me-posted#formulier-keep-me-posted');
    const page = (await request(app).get(res.headers.location!.split('#')[0]!).expect(200)).text;
    assert.match(page, /Je wilt liever een groep in het echt\.[^]*id="formulier-keep-me-posted" role="status"/);
  });
});

describe('sign-up', () => {
  test('the page shows the group, its day and ages, and the form', async () => {
    const { app } = testApp();
    const res = await request(app).get('/aanmelden?locatie=tiel-12-16').expect(200);
    assert.match(res.text, /Join Us Tiel \(12-16 jaar\)/);
    assert.match(res.text, /name="context" value="group:tiel-12-16"/);
    assert.match(res.text, /name="date_of_birth"/);
    const online = await request(app).get('/aanmelden?locatie=online').expect(200);
    assert.match(online.text, /4 maanden/);
    const none = await request(app).get('/aanmelden').expect(200);
    assert.doesNotMatch(none.text, /name="date_of_birth"/);
    // Without a group there is no form, so the page does not ask to fill one in.
    for (const path of ['/aanmelden', '/en/aanmelden']) {
      const main = /<main[\s\S]*<\/main>/.exec((await request(app).get(path).expect(200)).text)![0];
      assert.doesNotMatch(main.replace(/<[^>]+>/g, ' '), /Vul het formulier in|Fill in the form/i, path);
    }
  });

  test('an age that fits the group is stored with the group', async () => {
    const rec = recordingSink();
    const { app } = testApp({ sink: rec.sink });
    const altcha = await solvedCaptcha(app);
    await request(app).post('/forms/sign-up').set('Origin', ORIGIN).set('Accept', 'application/json').type('form')
      .send({ ...person(14), context: 'group:tiel-12-16', altcha }).expect(200);
    assert.equal(rec.saved[0]!.collection, 'sign-ups');
    assert.equal(rec.saved[0]!.data.location, 'tiel-12-16');
  });

  test('the range is looked up on the server: an age outside it is refused with the range', async () => {
    const { app } = testApp();
    const altcha = await solvedCaptcha(app);
    const res = await request(app).post('/forms/sign-up').set('Origin', ORIGIN).set('Accept', 'application/json').type('form')
      .send({ ...person(20), context: 'group:tiel-12-16', minAge: '0', maxAge: '99', altcha }).expect(422);
    assert.match(res.body.errors.date_of_birth, /20/);
    assert.match(res.body.errors.date_of_birth, /12/);
    assert.match(res.body.errors.date_of_birth, /16/);
  });

  test('the online group is 18 to 30', async () => {
    const rec = recordingSink();
    const { app } = testApp({ sink: rec.sink });
    const young = await request(app).post('/forms/sign-up').set('Origin', ORIGIN).set('Accept', 'application/json').type('form')
      .send({ ...person(17), context: 'group:online', altcha: await solvedCaptcha(app) }).expect(422);
    assert.match(young.body.errors.date_of_birth, /18/);
    await request(app).post('/forms/sign-up').set('Origin', ORIGIN).set('Accept', 'application/json').type('form')
      .send({ ...person(25), context: 'group:online', altcha: await solvedCaptcha(app) }).expect(200);
    assert.equal(rec.saved[0]!.data.location, 'online');
  });

  test('an unknown group is refused', async () => {
    const { app } = testApp();
    const res = await request(app).post('/forms/sign-up').set('Origin', ORIGIN).set('Accept', 'application/json').type('form')
      .send({ ...person(14), context: 'group:nergens', altcha: await solvedCaptcha(app) }).expect(422);
    assert.ok(res.body.errors.location);
  });

  test('content service unreachable: the sign-up is kept with the general age limits, never told "no such group"', async () => {
    expectErrorLines('content service failed and nothing is cached for this key', 'content service keeps failing');
    const rec = recordingSink();
    // A closed port: every content call fails at once, as when Strapi is down and nothing is cached.
    const { app } = testApp({ sink: rec.sink, strapiUrl: await closedPortUrl() });
    const res = await request(app).post('/forms/sign-up').set('Origin', ORIGIN).set('Accept', 'application/json').type('form')
      .send({ ...person(14), context: 'group:tiel-12-16', altcha: await solvedCaptcha(app) }).expect(200);
    assert.equal(res.body.ok, true);
    assert.equal(rec.saved.length, 1);
    assert.equal(rec.saved[0]!.data.location, 'tiel-12-16');
    const tooOld = await request(app).post('/forms/sign-up').set('Origin', ORIGIN).set('Accept', 'application/json').type('form')
      .send({ ...person(31), context: 'group:tiel-12-16', altcha: await solvedCaptcha(app) }).expect(422);
    assert.ok(tooOld.body.errors.date_of_birth, 'outside every group\'s ages: still refused');
    assert.equal(tooOld.body.errors.location, undefined, 'not "no such group"');
  });

  test('without JavaScript: errors re-render the page with the group kept', async () => {
    const { app } = testApp();
    const res = await request(app).post('/forms/sign-up').set('Origin', ORIGIN).type('form')
      .send({ ...person(20), context: 'group:tiel-12-16', _page: '/aanmelden', _ts: oldStamp() }).expect(422);
    assert.match(res.text, /Join Us Tiel \(12-16 jaar\)/);
    assert.match(res.text, /name="context" value="group:tiel-12-16"/);
    assert.match(res.text, /value="Sam"/);
  });

  // Fieldsets of the two steps as rendered: `hidden` on every step but the one shown (which,
  // answering a post, carries the form's anchor to land on).
  const shownStep = (html: string) => {
    const sets = [...html.matchAll(/<fieldset class="form-step"([^>]*)>/g)];
    assert.equal(sets.length, 2, 'two steps rendered');
    return sets.findIndex((m) => !/ hidden=""/.test(m[1]!)) + 1;
  };

  test('in two steps: the page opens at step 1 with the step-2 fields hidden', async () => {
    const { app } = testApp();
    const res = await request(app).get('/aanmelden?locatie=tiel-12-16').expect(200);
    assert.equal(shownStep(res.text), 1);
    assert.match(res.text, /Stap 1 van 2/);
    assert.match(res.text, /<button type="submit" value="1" class="button button-primary" name="_step">Volgende stap</);
  });

  test('without JavaScript, "next" checks step 1 only: a misfit age stays on step 1, nothing stored', async () => {
    const rec = recordingSink();
    const { app } = testApp({ sink: rec.sink });
    const { firstname, lastname, date_of_birth } = person(20);
    const res = await request(app).post('/forms/sign-up').set('Origin', ORIGIN).type('form')
      .send({ firstname, lastname, date_of_birth, _step: '1', context: 'group:tiel-12-16', _page: '/aanmelden' }).expect(422);
    assert.equal(shownStep(res.text), 1);
    assert.match(res.text, /Je bent 20 jaar\. Deze groep is voor jongeren van 12 tot en met 16 jaar\./);
    // The empty step-2 fields are not step 1's problem.
    assert.doesNotMatch(res.text, /Je hebt geen e-mailadres ingevuld/);
    assert.equal(rec.saved.length, 0);
  });

  test('without JavaScript, "next" with a fitting step 1 shows step 2 with step 1 kept; "previous" goes back', async () => {
    const rec = recordingSink();
    const { app } = testApp({ sink: rec.sink });
    const { firstname, lastname, date_of_birth } = person(14);
    const next = await request(app).post('/forms/sign-up').set('Origin', ORIGIN).type('form')
      .send({ firstname, lastname, date_of_birth, _step: '1', context: 'group:tiel-12-16', _page: '/aanmelden' }).expect(200);
    assert.equal(shownStep(next.text), 2);
    assert.match(next.text, /Stap 2 van 2/);
    assert.match(next.text, /value="Sam"/);
    assert.match(next.text, /Join Us Tiel \(12-16 jaar\)/);
    assert.match(next.text, /value="2" class="button button-secondary" name="_back">Vorige stap</);
    const back = await request(app).post('/forms/sign-up').set('Origin', ORIGIN).type('form')
      .send({ ...person(14), _back: '2', context: 'group:tiel-12-16', _page: '/aanmelden' }).expect(200);
    assert.equal(shownStep(back.text), 1);
    assert.match(back.text, /value="sam@example.nl"|sam%40example.nl|value="[^"]*@example.nl"/);
    assert.equal(rec.saved.length, 0);
  });

  test('a refused final submit goes back to the step with the problem', async () => {
    const { app } = testApp();
    const res = await request(app).post('/forms/sign-up').set('Origin', ORIGIN).type('form')
      .send({ ...person(20), _step: '2', context: 'group:tiel-12-16', _page: '/aanmelden', _ts: oldStamp() }).expect(422);
    assert.equal(shownStep(res.text), 1);
    const ok = await request(app).post('/forms/sign-up').set('Origin', ORIGIN).type('form')
      .send({ ...person(14), email: 'not-an-email', _step: '2', context: 'group:tiel-12-16', _page: '/aanmelden', _ts: oldStamp() }).expect(422);
    assert.equal(shownStep(ok.text), 2);
  });
});
