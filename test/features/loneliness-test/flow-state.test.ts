// The stepped flow's transitions: the step (and so the focus) changes only when it should,
// research permission goes with consent only, and a refusal about postcode or age sends the
// visitor back with the server's errors.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { baseFields, consentFields, flowReducer, initialFlowState } from '../../../src/features/loneliness-test/flow/flow-state';

test('answering keeps the step object (no focus move) and clears the error', () => {
  const asked = flowReducer(flowReducer(initialFlowState(11), { type: 'go', step: { kind: 'question', index: 2 } }), { type: 'errors', errors: { question: 'Kies een antwoord' } });
  const answered = flowReducer(asked, { type: 'answer', index: 2, answer: 'nee' });
  assert.equal(answered.step, asked.step);
  assert.deepEqual(answered.errors, {});
  assert.deepEqual(answered.answers.slice(0, 4), [undefined, undefined, 'nee', undefined]);
  assert.equal(flowReducer(answered, { type: 'postcode', value: '1011 AB' }).step, asked.step);
});

test('going to another step clears its errors; "no" to consent drops research permission', () => {
  let s = flowReducer(initialFlowState(11), { type: 'errors', errors: { postcode: 'x' } });
  s = flowReducer(s, { type: 'go', step: { kind: 'consent' } });
  assert.deepEqual(s.errors, {});
  s = flowReducer(flowReducer(s, { type: 'consent', choice: 'yes' }), { type: 'research', value: true });
  assert.deepEqual(consentFields(s), { consent: 'on', researchPermission: 'on' });
  s = flowReducer(s, { type: 'consent', choice: 'no' });
  assert.equal(s.research, false);
  assert.deepEqual(consentFields(s), {});
});

test('sending, then sent: the result step with the outcome; refused about the age: back to it', () => {
  const sending = flowReducer({ ...initialFlowState(11), step: { kind: 'consent' }, errors: { form: 'old' } }, { type: 'sending' });
  assert.equal(sending.busy, true);
  assert.deepEqual(sending.errors, {});
  const sent = flowReducer(sending, { type: 'sent', outcome: { stored: true, group: null } });
  assert.deepEqual([sent.busy, sent.step.kind, sent.outcome?.stored], [false, 'result', true]);
  const back = flowReducer(sending, { type: 'refused', errors: { age: 'Vul je leeftijd in' }, step: { kind: 'about' } });
  assert.deepEqual([back.busy, back.step.kind, back.errors.age], [false, 'about', 'Vul je leeftijd in']);
  const stay = flowReducer(sending, { type: 'refused', errors: { form: 'Dat lukte niet' } });
  assert.equal(stay.step, sending.step);
});

test('the posted fields: page, locale, postcode, age and only the answers given (q1..q11)', () => {
  const answers = [...Array<undefined>(11)].map((_, i) => (i < 2 ? ('ja' as const) : undefined));
  assert.deepEqual(baseFields({ answers, postcode: '1011 AB', age: '17' }, '/doe-de-test/start', 'nl'), { _page: '/doe-de-test/start', _locale: 'nl', postcode: '1011 AB', age: '17', q1: 'ja', q2: 'ja' });
});
