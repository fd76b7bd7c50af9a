// The test with JavaScript: one step per screen (start, the questions, postcode and age,
// consent, the result with the optional mail). Focus moves to each step's heading.
import { useEffect, useReducer, useRef } from 'react';
import type { Answer } from '../rules/items';
import { scoreTest } from '../rules/score';
import { ConsentStep } from './consent-step';
import { DetailsStep } from './details-step';
import type { TestFlowProps } from './flow-props';
import { flowReducer, initialFlowState } from './flow-state';
import { QuestionStep } from './question-step';
import { ResultMailForm } from './result-mail-form';
import { ResultView } from './result-view';
import { StartStep } from './start-step';
import type { StepProps } from './step-props';

export function SteppedFlow(props: TestFlowProps) {
  const [state, dispatch] = useReducer(flowReducer, props.items.length, initialFlowState);
  const heading = useRef<HTMLHeadingElement | null>(null);
  const first = useRef(true);
  // One id per filled-in test: a resend of the same test is the same record, nothing else is.
  const submissionId = useRef(`t-${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`);
  const { step } = state;

  // Each step's heading takes the focus (not on the very first render: the page just loaded).
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [step]);

  const headingRef = (el: HTMLHeadingElement | null) => {
    heading.current = el;
  };
  const stepProps: StepProps = { props, state, dispatch, headingRef };

  switch (step.kind) {
    case 'start':
      return <StartStep {...stepProps} />;
    case 'question':
      return <QuestionStep {...stepProps} index={step.index} />;
    case 'about':
      return <DetailsStep {...stepProps} />;
    case 'consent':
      return <ConsentStep {...stepProps} submissionId={submissionId} />;
    case 'result': {
      const { answers, postcode, age, outcome } = state;
      if (!answers.every((a): a is Answer => a !== undefined)) return null;
      return (
        <ResultView locale={props.locale} texts={props.texts} result={props.result} score={scoreTest(answers)} age={Number(age)} postcode={postcode} stored={outcome?.stored ?? false} group={outcome?.group} headingRef={headingRef}>
          <ResultMailForm props={props} answers={answers} postcode={postcode} age={age} />
        </ResultView>
      );
    }
  }
}
