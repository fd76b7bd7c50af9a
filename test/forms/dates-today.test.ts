import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isPastDay, today } from '../../src/forms/dates';

test('today is the calendar day in Amsterdam, not in UTC', () => {
  // Winter (UTC+1): 23:30 UTC on 14 January is already 00:30 on the 15th in Amsterdam.
  assert.equal(today(new Date('2026-01-14T23:30:00Z')), '2026-01-15');
  assert.equal(today(new Date('2026-01-14T22:59:59Z')), '2026-01-14');
  // Summer (UTC+2): from 22:00 UTC it is the next day.
  assert.equal(today(new Date('2026-07-14T21:59:59Z')), '2026-07-14');
  assert.equal(today(new Date('2026-07-14T22:00:00Z')), '2026-07-15');
});

test('a closing day counts until its end in Amsterdam, then it is past', () => {
  assert.equal(isPastDay('2026-01-14', new Date('2026-01-14T22:59:59Z')), false, 'last minute of the closing day');
  assert.equal(isPastDay('2026-01-14', new Date('2026-01-14T23:30:00Z')), true, 'UTC still says the 14th; Amsterdam is on the 15th');
  assert.equal(isPastDay('2026-01-15', new Date('2026-01-14T23:30:00Z')), false);
});
