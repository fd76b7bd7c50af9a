// Postcode and age, checked by the shared schema's own messages (the server checks again).
// The schema (zod) downloads when this step shows, not with the test's first page.
import { useEffect, type FormEvent } from 'react';
import { loadChecks } from '../../../blocks/forms/load-checks';
import type { StepProps } from './step-props';
import { TextField } from './text-field';

export function DetailsStep({ props: { locale, texts, items }, state, dispatch, headingRef }: StepProps) {
  const { answers, postcode, age, errors } = state;
  useEffect(() => void loadChecks().catch(() => {}), []);
  const next = async (e: FormEvent) => {
    e.preventDefault();
    const { checkTest } = await loadChecks();
    const checked = checkTest(locale, { answers, postcode, age });
    const found: Record<string, string> = {};
    if (!checked.ok) {
      if (checked.errors.postcode) found.postcode = checked.errors.postcode;
      if (checked.errors.age) found.age = checked.errors.age;
    }
    if (Object.keys(found).length) return dispatch({ type: 'errors', errors: found });
    dispatch({ type: 'go', step: { kind: 'consent' } });
  };
  return (
    <section className="test-flow" aria-labelledby="test-step-title">
      <form onSubmit={next} noValidate>
        <fieldset className="test-about">
          <legend>
            <h1 id="test-step-title" tabIndex={-1} ref={headingRef}>{texts['testFlow.aboutYou']}</h1>
          </legend>
          <p>{texts['testFlow.aboutYouIntro']}</p>
          <TextField name="postcode" label={texts['testFlow.postcode']!} hint={texts['testFlow.postcodeHint']} autoComplete="postal-code" value={postcode} onChange={(value) => dispatch({ type: 'postcode', value })} error={errors.postcode} />
          <TextField name="age" label={texts['testFlow.age']!} inputMode="numeric" value={age} onChange={(value) => dispatch({ type: 'age', value })} error={errors.age} />
        </fieldset>
        <div className="test-nav">
          <button type="button" className="button button-secondary" onClick={() => dispatch({ type: 'go', step: { kind: 'question', index: items.length - 1 } })}>
            {texts['testFlow.previous']}
          </button>
          <button type="submit" className="button button-primary">{texts['testFlow.next']}</button>
        </div>
      </form>
    </section>
  );
}
