// One question per screen: the sentence as the heading inside the legend, three large radio
// buttons, "previous question" and "next". Next without an answer says to choose one.
import type { FormEvent } from 'react';
import { ANSWERS } from '../rules/items';
import { formatPlain } from '../../../i18n/plain';
import { answerField } from './flow-props';
import { Progress } from './progress';
import type { StepProps } from './step-props';

export function QuestionStep({ props: { items, texts, answerLabels }, state, dispatch, headingRef, index }: StepProps & { index: number }) {
  const total = items.length;
  const item = items[index]!;
  const chosen = state.answers[index];
  const error = state.errors.question;
  const next = (e: FormEvent) => {
    e.preventDefault();
    if (!chosen) return dispatch({ type: 'errors', errors: { question: texts['testFlow.chooseAnswer']! } });
    dispatch({ type: 'go', step: index + 1 < total ? { kind: 'question', index: index + 1 } : { kind: 'about' } });
  };
  return (
    <section className="test-flow" aria-labelledby="test-step-title">
      <Progress n={index + 1} total={total} texts={texts} />
      <form onSubmit={next} noValidate>
        <fieldset className="test-question" aria-describedby={error ? 'test-question-error' : undefined}>
          <legend>
            <h1 id="test-step-title" tabIndex={-1} ref={headingRef} className="test-question-title">
              <span className="test-question-number">{formatPlain(texts['testFlow.question'], { n: item.number })}</span> {item.text}
            </h1>
          </legend>
          {error ? <p className="field-error" id="test-question-error" role="alert">{error}</p> : null}
          <div className="test-answers test-answers-large">
            {ANSWERS.map((answer) => (
              <label key={answer} className="test-answer">
                <input type="radio" name={answerField(index)} value={answer} checked={chosen === answer} onChange={() => dispatch({ type: 'answer', index, answer })} />
                <span>{answerLabels[answer]}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="test-nav">
          <button type="button" className="button button-secondary" onClick={() => dispatch({ type: 'go', step: index === 0 ? { kind: 'start' } : { kind: 'question', index: index - 1 } })}>
            {index === 0 ? texts['testFlow.back'] : texts['testFlow.previous']}
          </button>
          <button type="submit" className="button button-primary">{texts['testFlow.next']}</button>
        </div>
      </form>
    </section>
  );
}
