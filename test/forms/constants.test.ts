import assert from 'node:assert/strict';
import { test } from 'node:test';
import * as a from '../../src/forms/age-limits';
import * as c from '../../src/forms/constants';

test('business constants: debounce, ages, online programme, upload limit', () => {
  assert.equal(c.TEXT_INPUT_DEBOUNCE_MS, 20);
  assert.deepEqual([a.AGE_INPUT_MIN, a.AGE_INPUT_MAX], [0, 120]);
  assert.deepEqual([a.PARTICIPANT_MIN_AGE, a.PARTICIPANT_MAX_AGE], [12, 30]);
  assert.deepEqual([a.ONLINE_MIN_AGE, a.ONLINE_MAX_AGE, c.ONLINE_PROGRAMME_MONTHS], [18, 30, 4]);
  assert.equal(c.UPLOAD_LIMIT_BYTES, 104_857_600);
});
