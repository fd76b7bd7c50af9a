// Scoring of the De Jong Gierveld loneliness scale. "Min of meer" always counts: on a negative
// item it is partial agreement with feeling lonely, on a positive item partial disagreement
// with feeling connected.
import { bandFor, type Band } from './bands';
import { ITEMS, ITEM_COUNT, type Answer, type Polarity } from './items';

export interface TestScore {
  /** 0 to 11. */
  readonly total: number;
  /** Negative items 2, 3, 5, 6, 9, 10: 0 to 6. */
  readonly emotional: number;
  /** Positive items 1, 4, 7, 8, 11: 0 to 5. */
  readonly social: number;
  readonly band: Band;
}

export function itemScore(polarity: Polarity, answer: Answer): 0 | 1 {
  if (answer === 'min-of-meer') return 1;
  return (polarity === 'negative') === (answer === 'ja') ? 1 : 0;
}

/** Answers in item order (item 1 first). A wrong count is a programming error: the form
 * schema guarantees 11 answers before anything is scored. */
export function scoreTest(answers: readonly Answer[]): TestScore {
  if (answers.length !== ITEM_COUNT) {
    throw new RangeError(`Expected ${ITEM_COUNT} answers, got ${answers.length}`);
  }
  let emotional = 0;
  let social = 0;
  ITEMS.forEach((item, index) => {
    const points = itemScore(item.polarity, answers[index] as Answer);
    if (item.subscale === 'emotional') emotional += points;
    else social += points;
  });
  const total = emotional + social;
  return { total, emotional, social, band: bandFor(total) };
}
