// Hand-worked cases at every band edge. Item order: 1+ 2- 3- 4+ 5- 6- 7+ 8+ 9- 10- 11+
// (+ positive: scores on "nee"; - negative: scores on "ja"; "min of meer" always scores).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Answer } from '../../../src/features/loneliness-test/rules/items';
import { itemScore, scoreTest } from '../../../src/features/loneliness-test/rules/score';

const [J, M, N] = ['ja', 'min-of-meer', 'nee'] as const;

const cases: Array<[string, Answer[], number, number, number, string]> = [
  ['connected on every item', [J, N, N, J, N, N, J, J, N, N, J], 0, 0, 0, 'not-lonely'],
  ['misses a close friend (2 ja), 7 more or less', [J, J, N, J, N, N, M, J, N, N, J], 2, 1, 1, 'not-lonely'],
  ['1 nee, 3 more or less, 5 ja', [N, N, M, J, J, N, J, J, N, N, J], 3, 2, 1, 'moderately-lonely'],
  ['all negatives ja, 4 nee, 11 more or less', [J, J, J, N, J, J, J, J, J, J, M], 8, 6, 2, 'moderately-lonely'],
  ['all positives nee, 2 3 9 10 more or less', [N, M, M, N, N, N, N, N, M, M, N], 9, 4, 5, 'severely-lonely'],
  ['more or less everywhere but item 6 nee', [M, M, M, M, M, N, M, M, M, M, M], 10, 5, 5, 'severely-lonely'],
  ['more or less everywhere', [M, M, M, M, M, M, M, M, M, M, M], 11, 6, 5, 'very-severely-lonely'],
  ['lonely on every item', [N, J, J, N, J, J, N, N, J, J, N], 11, 6, 5, 'very-severely-lonely'],
  ['"ja" everywhere is not the top score', [J, J, J, J, J, J, J, J, J, J, J], 6, 6, 0, 'moderately-lonely'],
  ['"nee" everywhere', [N, N, N, N, N, N, N, N, N, N, N], 5, 0, 5, 'moderately-lonely'],
];

for (const [name, answers, total, emotional, social, band] of cases) {
  test(`${name}: total ${total}`, () => {
    assert.deepEqual(scoreTest(answers), { total, emotional, social, band });
  });
}

test('item scores per polarity', () => {
  assert.deepEqual([J, M, N].map((a) => itemScore('negative', a)), [1, 1, 0]);
  assert.deepEqual([J, M, N].map((a) => itemScore('positive', a)), [0, 1, 1]);
});

test('anything but 11 answers is refused', () => {
  assert.throws(() => scoreTest([J, J]), RangeError);
  assert.throws(() => scoreTest(new Array<Answer>(12).fill(J)), RangeError);
});
