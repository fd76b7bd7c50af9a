// May we keep your answers (yes or no, one must be chosen), the optional research permission
// with a yes, then the post that scores the test and, with consent, stores it anonymously.
import type { FormEvent, MutableRefObject } from 'react';
import { baseFields, consentFields } from './flow-state';
import { loadChecks } from '../../../blocks/forms/load-checks';
import { postForm as postTest } from '../../../blocks/forms/post-form';
import type { StepProps } from './step-props';

export function ConsentStep({ props, state, dispatch, headingRef, submissionId }: StepProps & { submissionId: MutableRefObject<string> }) {
  const { locale, action, page, captcha, texts, consentLabel, researchLabel } = props;
  const { consent, research, errors, busy } = state;
  const send = async (e: FormEvent) => {
    e.preventDefault();
    if (!consent) return dispatch({ type: 'errors', errors: { consent: texts['testFlow.chooseAnswer']! } });
    dispatch({ type: 'sending' });
    try {
      // The answer's group advice is read with its schema (zod), fetched alongside the post.
      const [answer, { readGroupAdvice }] = await Promise.all([postTest(action, { ...baseFields(state, page, locale), _sid: submissionId.current, ...consentFields(state) }, captcha), loadChecks()]);
      if (!answer.ok) {
        const about = answer.errors.postcode || answer.errors.age;
        if (about) return dispatch({ type: 'refused', errors: answer.errors, step: { kind: 'about' } });
        return dispatch({ type: 'refused', errors: { ...answer.errors, form: answer.message || texts['testFlow.error']! } });
      }
      dispatch({ type: 'sent', outcome: { stored: answer.json.stored === true, group: readGroupAdvice(answer.json.group) } });
    } catch {
      dispatch({ type: 'refused', errors: { form: texts['testFlow.error']! } });
    }
  };
  return (
    <section className="test-flow" aria-labelledby="test-step-title">
      <form onSubmit={send} noValidate>
        <fieldset className="test-consent" aria-describedby={errors.consent ? 'test-consent-error' : 'test-consent-intro'}>
          <legend>
            <h1 id="test-step-title" tabIndex={-1} ref={headingRef}>{texts['testFlow.consentTitle']}</h1>
          </legend>
          <p id="test-consent-intro">{texts['testFlow.consentIntro']}</p>
          <p className="test-consent-label">{consentLabel}</p>
          {errors.consent ? <p className="field-error" id="test-consent-error" role="alert">{errors.consent}</p> : null}
          <div className="test-answers">
            <label className="test-answer">
              <input type="radio" name="consent" value="yes" checked={consent === 'yes'} onChange={() => dispatch({ type: 'consent', choice: 'yes' })} />
              <span>{texts['testFlow.consentYes']}</span>
            </label>
            <label className="test-answer">
              <input type="radio" name="consent" value="no" checked={consent === 'no'} onChange={() => dispatch({ type: 'consent', choice: 'no' })} />
              <span>{texts['testFlow.consentNo']}</span>
            </label>
          </div>
        </fieldset>
        {consent === 'yes' ? (
          <fieldset className="test-research">
            <legend>{texts['testFlow.researchTitle']}</legend>
            <label className="test-check">
              <input type="checkbox" name="researchPermission" checked={research} onChange={(e) => dispatch({ type: 'research', value: e.target.checked })} />
              <span>{researchLabel}</span>
            </label>
          </fieldset>
        ) : null}
        {errors.form ? <p className="field-error" role="alert">{errors.form}</p> : null}
        <div className="test-nav">
          <button type="button" className="button button-secondary" onClick={() => dispatch({ type: 'go', step: { kind: 'about' } })}>
            {texts['testFlow.back']}
          </button>
          <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy || undefined}>
            {busy ? texts['testFlow.sending'] : texts['testFlow.showResult']}
          </button>
        </div>
      </form>
    </section>
  );
}
