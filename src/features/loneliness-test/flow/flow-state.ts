// The stepped flow's state and its transitions: which step is on screen, the answers so far,
// postcode and age, the consent choice, the errors shown, and the outcome of the post. A step
// changes only by `go`, `sent` or an answer from the server that sends the visitor back, so
// the focus (which follows the step) moves only then.
import { type Locale } from '../../../i18n/locale';
import type { Answer } from '../rules/items';
import { answerField } from './flow-props';
import type { GroupAdvice } from '../forms/group-advice';
import { POST_FIELDS } from '../../../forms/post-protocol';

export type Step = { kind: 'start' } | { kind: 'question'; index: number } | { kind: 'about' } | { kind: 'consent' } | { kind: 'result' };
export type ConsentChoice = 'yes' | 'no' | '';
/** What the server answered: stored or not, and the groups near the postcode for the age. */
export type Outcome = { stored: boolean; group: GroupAdvice | null };

export type FlowState = {
  step: Step;
  answers: Array<Answer | undefined>;
  postcode: string;
  age: string;
  consent: ConsentChoice;
  research: boolean;
  errors: Record<string, string>;
  busy: boolean;
  outcome: Outcome | null;
};

export type FlowAction =
  /** To another step; the errors of this one go. */
  | { type: 'go'; step: Step }
  | { type: 'answer'; index: number; answer: Answer }
  | { type: 'postcode' | 'age'; value: string }
  | { type: 'consent'; choice: 'yes' | 'no' }
  | { type: 'research'; value: boolean }
  | { type: 'errors'; errors: Record<string, string> }
  | { type: 'sending' }
  | { type: 'sent'; outcome: Outcome }
  /** The server refused: its errors, and back to postcode and age when those were wrong. */
  | { type: 'refused'; errors: Record<string, string>; step?: Step };

export function initialFlowState(questions: number): FlowState {
  return { step: { kind: 'start' }, answers: Array.from({ length: questions }, () => undefined), postcode: '', age: '', consent: '', research: false, errors: {}, busy: false, outcome: null };
}

export function flowReducer(state: FlowState, action: FlowAction): FlowState {
  switch (action.type) {
    case 'go':
      return { ...state, step: action.step, errors: {} };
    case 'answer':
      return { ...state, answers: state.answers.map((a, i) => (i === action.index ? action.answer : a)), errors: {} };
    case 'postcode':
      return { ...state, postcode: action.value };
    case 'age':
      return { ...state, age: action.value };
    case 'consent':
      // Research permission only goes with consent to keep the answers.
      return { ...state, consent: action.choice, research: action.choice === 'no' ? false : state.research };
    case 'research':
      return { ...state, research: action.value };
    case 'errors':
      return { ...state, errors: action.errors };
    case 'sending':
      return { ...state, busy: true, errors: {} };
    case 'sent':
      return { ...state, busy: false, outcome: action.outcome, step: { kind: 'result' } };
    case 'refused':
      return { ...state, busy: false, errors: action.errors, step: action.step ?? state.step };
  }
}

/** The fields every post carries: page, locale, postcode, age and the answers given. */
export function baseFields(state: Pick<FlowState, 'answers' | 'postcode' | 'age'>, page: string, locale: Locale): Record<string, string> {
  const fields: Record<string, string> = { [POST_FIELDS.page]: page, [POST_FIELDS.locale]: locale, postcode: state.postcode, age: state.age };
  state.answers.forEach((a, i) => {
    if (a) fields[answerField(i)] = a;
  });
  return fields;
}

/** The consent step's own fields: consent and research permission only when given. */
export function consentFields(state: Pick<FlowState, 'consent' | 'research'>): Record<string, string> {
  return { ...(state.consent === 'yes' ? { consent: 'on' } : {}), ...(state.consent === 'yes' && state.research ? { researchPermission: 'on' } : {}) };
}
