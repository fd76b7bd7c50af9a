// A school class behind one address (thirty pupils on the school's network, or a youth
// worker's phone passed round): the limits are sized for them at the production defaults.
// Reading a result, the loneliness test's, is never refused for volume, with JavaScript or
// without; what a result stores is limited, and the result is still shown. A site form takes
// thirty posts from one address; past its budget for posts without a captcha a post is asked
// to confirm (the no-JavaScript stand-in for the captcha), not refused.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import request from 'supertest';
import { parseEnv } from '../../../server/env';
import { recordingSink, testApp } from '../../support/test-app';
import { oldStamp, ORIGIN, solvedCaptcha, validContact } from './helpers';

const CLASS = 30;
const answers = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`q${i + 1}`, 'ja']));
const test_ = { ...answers, postcode: '4001 AA', age: '15', consent: 'on', _locale: 'nl', _page: '/doe-de-test/start' };

/** The site as production starts it: the default limits of the environment. */
function productionLimits() {
  const parsed = parseEnv({});
  assert.ok(parsed.ok);
  const rec = recordingSink();
  return { ...testApp({ sink: rec.sink, rateLimit: parsed.env.FORM_RATE_LIMIT, rateLimitWithoutCaptcha: parsed.env.FORM_RATE_LIMIT_NO_CAPTCHA }), rec };
}

describe('a school class behind one address', () => {
  test(`without JavaScript: ${CLASS} test completions each show the result with its help lines`, async () => {
    const { app, rec } = productionLimits();
    for (let pupil = 1; pupil <= CLASS; pupil++) {
      const res = await request(app).post('/forms/loneliness-test').set('Origin', ORIGIN).type('form').send({ ...test_, _ts: oldStamp() });
      assert.equal(res.status, 200, `pupil ${pupil}: ${res.status}`);
      assert.match(res.text, /class="test-help"/, `pupil ${pupil} sees the help lines`);
      assert.match(res.text, /Kindertelefoon/);
      assert.doesNotMatch(res.text, /veel formulieren verstuurd/);
    }
    assert.equal(rec.saved.length, CLASS, 'each consent kept');
  });

  test(`with JavaScript: ${CLASS} test completions each get their result`, async () => {
    const { app, rec } = productionLimits();
    for (let pupil = 1; pupil <= CLASS; pupil++) {
      const res = await request(app).post('/forms/loneliness-test').set('Origin', ORIGIN).set('Accept', 'application/json').type('form').send({ ...test_, altcha: await solvedCaptcha(app) });
      assert.equal(res.status, 200, `pupil ${pupil}: ${res.status}`);
      assert.equal(res.body.ok, true);
      assert.equal(typeof res.body.score.total, 'number');
    }
    assert.equal(rec.saved.length, CLASS);
  });

  test('past the budget for storing, the test still shows every result; only the storing stops', async () => {
    const { app, rec } = (() => {
      const r = recordingSink();
      return { ...testApp({ sink: r.sink, rateLimit: 3, rateLimitWithoutCaptcha: 2 }), rec: r };
    })();
    for (let i = 1; i <= 6; i++) {
      const res = await request(app).post('/forms/loneliness-test').set('Origin', ORIGIN).type('form').send({ ...test_, _ts: oldStamp() }).expect(200);
      assert.match(res.text, /class="test-help"/, `result ${i} shown`);
    }
    for (let i = 1; i <= 6; i++) {
      const res = await request(app).post('/forms/loneliness-test').set('Origin', ORIGIN).set('Accept', 'application/json').type('form').send({ ...test_, altcha: await solvedCaptcha(app) }).expect(200);
      assert.equal(typeof res.body.score.total, 'number', `result ${i} shown`);
    }
    assert.ok(rec.saved.length < 12, `storing is limited (${rec.saved.length} of 12 kept)`);
  });

  test(`a site form takes ${CLASS} posts from one address, with JavaScript and without`, async () => {
    const { app, rec } = productionLimits();
    for (let pupil = 1; pupil <= CLASS; pupil++) {
      const message = `Vraag van leerling ${pupil}`;
      await request(app).post('/forms/contact').set('Origin', ORIGIN).type('form').send({ ...validContact, message, _page: '/contact', _ts: oldStamp() }).expect(303);
      await request(app).post('/forms/contact').set('Origin', ORIGIN).set('Accept', 'application/json').type('form').send({ ...validContact, message: `${message} (met JavaScript)`, altcha: await solvedCaptcha(app) }).expect(200);
    }
    assert.equal(rec.saved.length, 2 * CLASS);
  });

  test('without JavaScript, past the budget a post is asked to confirm rather than refused, and its answers are kept', async (t) => {
    t.mock.timers.enable({ apis: ['Date'], now: Date.now() });
    const rec = recordingSink();
    const { app } = testApp({ sink: rec.sink, rateLimit: 50, rateLimitWithoutCaptcha: 2 });
    const send = (message: string, stamp = oldStamp()) => request(app).post('/forms/contact').set('Origin', ORIGIN).type('form').send({ ...validContact, message, _page: '/contact', _ts: stamp });
    await send('een').expect(303);
    await send('twee').expect(303);
    const asked = await send('drie').expect(200);
    assert.doesNotMatch(asked.text, /veel formulieren verstuurd/);
    assert.match(asked.text, /verstuur het formulier nog een keer/);
    assert.match(asked.text, /drie/, 'the message is still in the form');
    const stamp = /name="_ts" value="([^"]+)"/.exec(asked.text)?.[1];
    assert.ok(stamp);
    // Sent again the fill time later, as a person reads the page.
    t.mock.timers.tick(3_000);
    await send('drie', stamp).expect(303);
    assert.deepEqual(rec.saved.map((s) => s.data.message), ['een', 'twee', 'drie']);
  });

  test('a form has a ceiling: past it a post is refused with the "wait" page', async () => {
    const { app } = testApp({ rateLimit: 3, rateLimitWithoutCaptcha: 100 });
    for (let i = 0; i < 3; i++) await request(app).post('/forms/contact').set('Origin', ORIGIN).type('form').send({ ...validContact, message: `bericht ${i}`, _ts: oldStamp() }).expect(303);
    const res = await request(app).post('/forms/contact').set('Origin', ORIGIN).type('form').send({ ...validContact, _ts: oldStamp() }).expect(429);
    assert.match(res.text, /Wacht een paar minuten/);
  });
});
