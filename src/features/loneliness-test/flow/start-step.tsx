// The first screen with JavaScript: the test's title and intro, and the start button.
import type { StepProps } from './step-props';

export function StartStep({ props: { title, intro, texts }, dispatch, headingRef }: StepProps) {
  return (
    <section className="test-flow" aria-labelledby="test-step-title">
      <h1 id="test-step-title" tabIndex={-1} ref={headingRef}>{title}</h1>
      <div className="test-intro">{intro}</div>
      <p>{texts['testFlow.startIntro']}</p>
      <button type="button" className="button button-primary" data-testid="test-flow-ready" onClick={() => dispatch({ type: 'go', step: { kind: 'question', index: 0 } })}>
        {texts['testFlow.start']}
      </button>
    </section>
  );
}
