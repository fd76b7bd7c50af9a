// Event times read as the rest of the site writes them: Dutch "13.30" (as in "15.30 uur" of the
// programme and the groups' times), in Dutch time whatever the server's zone.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { eventTime } from '../../src/blocks/format';

test('Dutch event times use a full stop, in Dutch time; English keeps the colon', () => {
  assert.equal(eventTime('nl', '2026-03-14T12:30:00Z'), '13.30');
  assert.equal(eventTime('nl', '2026-07-04T07:05:00Z'), '09.05');
  assert.equal(eventTime('en', '2026-03-14T12:30:00Z'), '13:30');
});
