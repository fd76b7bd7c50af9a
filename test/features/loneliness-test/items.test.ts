import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ANSWERS, ITEM_COUNT, ITEMS, isAnswer } from '../../../src/features/loneliness-test/rules/items';
import { t } from '../../../src/i18n/intl';

test('11 items numbered 1 to 11 in order, as many as the form takes answers', () => {
  assert.equal(ITEMS.length, ITEM_COUNT);
  assert.deepEqual(ITEMS.map((item) => item.number), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
});

test('polarity and subscale per the published scale', () => {
  const negative = ITEMS.filter((item) => item.polarity === 'negative').map((item) => item.number);
  assert.deepEqual(negative, [2, 3, 5, 6, 9, 10]);
  for (const item of ITEMS) {
    assert.equal(item.subscale, item.polarity === 'negative' ? 'emotional' : 'social', `item ${item.number}`);
  }
});

test('every item has its own Dutch and English text', () => {
  for (const locale of ['nl', 'en'] as const) {
    const texts = ITEMS.map((item) => item.text[locale]);
    assert.ok(texts.every((text) => text.trim().length > 0 && text.endsWith('.')), locale);
    assert.equal(new Set(texts).size, 11, `${locale} texts are distinct`);
  }
});

test('answers and their labels', () => {
  assert.deepEqual(ANSWERS, ['ja', 'min-of-meer', 'nee']);
  assert.deepEqual(ANSWERS.map((a) => t('nl', `testFlow.answer.${a}`)), ['Ja', 'Min of meer', 'Nee']);
  assert.equal(isAnswer('min-of-meer'), true);
  assert.equal(isAnswer('misschien'), false);
});
