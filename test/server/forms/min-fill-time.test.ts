// The bot guard's minimum fill time (a post without JavaScript must come this long after the
// page was rendered) is a setting: FORM_MIN_FILL_MS, 3 s unless set, honoured by the stamps
// the form services make.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createFormStamps, DEFAULT_MIN_FILL_MS } from '../../../server/forms/bot-guard';
import { parseEnv } from '../../../server/env';
import { createFormServices } from '../../../server/forms/form-services';
import { createLogger } from '../../../server/http/logger';

const SECRET = 'test-secret-for-forms-0123456789';
const now = 1_800_000_000_000;

describe('the minimum fill time', () => {
  test('is 3 seconds unless set', () => {
    const stamps = createFormStamps(SECRET);
    assert.equal(DEFAULT_MIN_FILL_MS, 3000);
    assert.equal(stamps.filledLikeAPerson(stamps.stamp(now - 2999), now), false);
    assert.equal(stamps.filledLikeAPerson(stamps.stamp(now - 3000), now), true);
  });

  test('a lower setting accepts a quicker post, and still refuses one quicker than that', () => {
    const stamps = createFormStamps(SECRET, 200);
    assert.equal(stamps.filledLikeAPerson(stamps.stamp(now - 250), now), true);
    assert.equal(stamps.filledLikeAPerson(stamps.stamp(now - 150), now), false);
  });

  test('FORM_MIN_FILL_MS is read from the environment, 3000 when absent, refused when negative', () => {
    const read = (value?: string) => parseEnv(value === undefined ? {} : { FORM_MIN_FILL_MS: value });
    const set = read('200');
    assert.ok(set.ok && set.env.FORM_MIN_FILL_MS === 200);
    const absent = read();
    assert.ok(absent.ok && absent.env.FORM_MIN_FILL_MS === 3000);
    const negative = read('-1');
    assert.ok(!negative.ok && negative.errors.some((e) => e.startsWith('FORM_MIN_FILL_MS')));
  });

  test('the form services make their stamps with the setting', () => {
    const settings = { secret: SECRET, rateLimit: 10, rateLimitWithoutCaptcha: 4, dataDir: '/tmp/unused', publicOrigin: 'http://localhost:3000', stylesheets: [] };
    const sink = { save: () => ({ id: 'x', duplicate: false }), notify: () => {} };
    const logger = createLogger('silent');
    const quick = createFormServices({ ...settings, minFillMs: 200 }, sink, logger).routes.stamps;
    assert.equal(quick.filledLikeAPerson(quick.stamp(now - 250), now), true);
    const usual = createFormServices(settings, sink, logger).routes.stamps;
    assert.equal(usual.filledLikeAPerson(usual.stamp(now - 250), now), false);
  });
});
