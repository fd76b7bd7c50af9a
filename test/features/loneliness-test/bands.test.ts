import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BANDS, BAND_RANGES, bandFor, showsHelpFirst } from '../../../src/features/loneliness-test/rules/bands';
import { t } from '../../../src/i18n/intl';

const edges: Array<[number, string]> = [
  [0, 'not-lonely'], [2, 'not-lonely'], [3, 'moderately-lonely'], [8, 'moderately-lonely'],
  [9, 'severely-lonely'], [10, 'severely-lonely'], [11, 'very-severely-lonely'],
];

for (const [total, band] of edges) {
  test(`total ${total} is ${band}`, () => assert.equal(bandFor(total), band));
}

test('totals outside 0..11 or not whole are refused', () => {
  for (const total of [-1, 12, 2.5, Number.NaN]) assert.throws(() => bandFor(total), RangeError);
});

test('ranges run from 0 to 11 in order, without gaps or overlaps', () => {
  let next = 0;
  for (const band of BANDS) {
    assert.equal(BAND_RANGES[band].min, next, band);
    next = BAND_RANGES[band].max + 1;
  }
  assert.equal(next, 12);
});

test('help comes first for the two highest bands only', () => {
  assert.deepEqual(BANDS.map(showsHelpFirst), [false, false, true, true]);
});

test('every band has a label in both languages', () => {
  for (const band of BANDS) assert.notEqual(t('nl', `testFlow.band.${band}`), t('en', `testFlow.band.${band}`));
});
