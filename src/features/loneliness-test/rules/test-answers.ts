// What the loneliness test's form accepts: one answer per item of the scale, each one of three.
// The items themselves (texts, polarity, scoring) belong to the test's own module.

/** The three answers to every item: yes, more or less, no. */
export const ANSWERS = ['ja', 'min-of-meer', 'nee'] as const;
export type Answer = (typeof ANSWERS)[number];

/** The scale has eleven items; the form takes exactly one answer for each. */
export const ITEM_COUNT = 11;
