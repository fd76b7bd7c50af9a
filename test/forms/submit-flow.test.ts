import assert from 'node:assert/strict';
import { test } from 'node:test';
import { TEXT_INPUT_DEBOUNCE_MS } from '../../src/forms/constants';
import { createSubmitter, submitForm } from '../../src/forms/submit-flow';
import type { FormValidation } from '../../src/forms/validate';

const valid: FormValidation<{ name: string }> = { ok: true, data: { name: 'Jo' } };
const invalid: FormValidation<{ name: string }> = { ok: false, errors: { name: 'Je hebt geen naam ingevuld.' }, formErrors: [] };
const later = <T>(value: T, ms = TEXT_INPUT_DEBOUNCE_MS) => new Promise<T>((r) => setTimeout(() => r(value), ms));

test('waits for pending validation, then marks all submitted, then submits while busy', async () => {
  const log: string[] = [];
  const outcome = await submitForm({
    locale: 'nl',
    validate: async () => { log.push('validate'); return later(valid); },
    markSubmitted: () => log.push('submitted'),
    onBusyChange: (busy) => log.push(`busy ${busy}`),
    onSubmit: async (data) => { log.push(`send ${data.name}`); return later('id-1', 1); },
    onInvalid: () => log.push('invalid'),
  });
  assert.deepEqual(outcome, { status: 'submitted', result: 'id-1' });
  assert.deepEqual(log, ['validate', 'submitted', 'busy true', 'send Jo', 'busy false']);
});

test('invalid: shows the incomplete message, calls onInvalid, never submits or gets busy', async () => {
  const log: string[] = [];
  const outcome = await submitForm({
    locale: 'en',
    validate: () => later(invalid),
    markSubmitted: () => log.push('submitted'),
    onBusyChange: () => log.push('busy'),
    onSubmit: () => assert.fail('must not submit'),
    onInvalid: (errors) => log.push(`invalid ${Object.keys(errors).join()}`),
  });
  assert.equal(outcome.status, 'invalid');
  assert.equal(outcome.status === 'invalid' && outcome.message, 'Sorry, not all fields are filled out correctly.');
  assert.deepEqual(log, ['submitted', 'invalid name']);
});

test('a failing submit handler ends busy and comes back as a value', async () => {
  const busy: boolean[] = [];
  const boom = new Error('content service down');
  const outcome = await submitForm({
    locale: 'nl',
    validate: () => valid,
    onBusyChange: (b) => busy.push(b),
    onSubmit: async () => { throw boom; },
  });
  assert.deepEqual(outcome, { status: 'failed', error: boom });
  assert.deepEqual(busy, [true, false]);
});

test('a double click while a submit runs sends once', async () => {
  let sent = 0;
  const submitter = createSubmitter({
    locale: 'nl',
    validate: () => valid,
    onSubmit: async () => { sent += 1; await later(null, 5); },
  });
  const first = submitter.submit();
  assert.equal(submitter.busy, true);
  const second = await submitter.submit();
  assert.deepEqual(second, { status: 'busy' });
  assert.equal((await first).status, 'submitted');
  assert.equal(submitter.busy, false);
  assert.equal(sent, 1);
  assert.equal((await submitter.submit()).status, 'submitted');
  assert.equal(sent, 2);
});
