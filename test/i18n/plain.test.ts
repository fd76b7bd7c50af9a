import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatPlain } from '../../src/i18n/plain';

test('formatPlain fills known placeholders and keeps unknown ones visible', () => {
  assert.equal(formatPlain('Vraag {n} van {total}', { n: 3, total: 11 }), 'Vraag 3 van 11');
  assert.equal(formatPlain('{x} blijft', {}), '{x} blijft');
  assert.equal(formatPlain('Geen plaatshouders'), 'Geen plaatshouders');
});
