// What may be stored of a completed test (privacy): only with consent, and then
// anonymously: the answers, the score, the age and the four digits of the postcode. Never the
// email (used for mailing the result only) and never the full postcode.
import { postcodeArea } from '../../../forms/postcode';
import type { LonelinessTestForm } from '../forms/loneliness-test';
import { scoreTest, type TestScore } from './score';
import type { Answer } from './items';

export interface StoredTestRecord extends TestScore {
  readonly answers: readonly Answer[];
  readonly age: number;
  readonly postcodeArea: string;
  readonly researchPermission: boolean;
}

/** The record to store, or undefined when the visitor did not consent to storing. */
export function storedTestRecord(form: LonelinessTestForm): StoredTestRecord | undefined {
  if (!form.consent) return undefined;
  const area = postcodeArea(form.postcode);
  if (area === undefined) return undefined; // the schema only lets valid postcodes through
  return {
    ...scoreTest(form.answers),
    answers: [...form.answers],
    age: form.age,
    postcodeArea: area,
    researchPermission: form.researchPermission,
  };
}
