// Every one of the 3^11 = 177 147 answer patterns, checked against a count written separately
// from the implementation, the subscale bounds, and the band thresholds.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ANSWERS, type Answer } from '../../../src/features/loneliness-test/rules/items';
import { scoreTest } from '../../../src/features/loneliness-test/rules/score';

const NEGATIVE_ITEMS = [2, 3, 5, 6, 9, 10];
const POSITIVE_ITEMS = [1, 4, 7, 8, 11];

function pattern(index: number): Answer[] {
  const answers: Answer[] = [];
  for (let i = 0, rest = index; i < 11; i += 1, rest = Math.floor(rest / 3)) {
    answers.push(ANSWERS[rest % 3] as Answer);
  }
  return answers;
}

function independentCount(answers: Answer[], items: number[], scoringAnswer: Answer): number {
  return items.filter((n) => answers[n - 1] === scoringAnswer || answers[n - 1] === 'min-of-meer').length;
}

function expectedBand(total: number): string {
  if (total <= 2) return 'not-lonely';
  if (total <= 8) return 'moderately-lonely';
  if (total <= 10) return 'severely-lonely';
  return 'very-severely-lonely';
}

const binomial = (n: number, k: number): number => (k === 0 ? 1 : (binomial(n, k - 1) * (n - k + 1)) / k);

test('all 3^11 answer patterns', () => {
  const perTotal = new Array<number>(12).fill(0);
  const patterns = 3 ** 11;
  assert.equal(patterns, 177_147);
  for (let index = 0; index < patterns; index += 1) {
    const answers = pattern(index);
    const score = scoreTest(answers);
    const emotional = independentCount(answers, NEGATIVE_ITEMS, 'ja');
    const social = independentCount(answers, POSITIVE_ITEMS, 'nee');
    if (
      score.total !== score.emotional + score.social ||
      score.emotional !== emotional ||
      score.social !== social ||
      score.emotional < 0 || score.emotional > 6 ||
      score.social < 0 || score.social > 5 ||
      score.total !== emotional + social ||
      score.band !== expectedBand(score.total)
    ) {
      assert.fail(`pattern ${answers.join(',')} scored ${JSON.stringify(score)}`);
    }
    perTotal[score.total] = (perTotal[score.total] ?? 0) + 1;
  }
  // Each item scores on two of its three answers, so C(11, k) * 2^k patterns reach total k.
  assert.deepEqual(perTotal, perTotal.map((_, k) => binomial(11, k) * 2 ** k));
});
