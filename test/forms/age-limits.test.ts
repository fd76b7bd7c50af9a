import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isOnlineAge, isParticipantAge } from '../../src/forms/age-limits';

test('the groups are for 12 to 30, the online group for 18 to 30', () => {
  assert.deepEqual([11, 12, 17, 18, 30, 31].map(isParticipantAge), [false, true, true, true, true, false]);
  assert.deepEqual([11, 12, 17, 18, 30, 31].map(isOnlineAge), [false, false, false, true, true, false]);
});
