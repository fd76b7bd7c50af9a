import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  fieldReducer,
  initialFieldState,
  markAllSubmitted,
  showErrors,
  visibleErrors,
  type FieldAction,
  type FieldKind,
  type FieldState,
} from '../../src/forms/field-state';

const run = (kind: FieldKind, actions: FieldAction[], value: unknown = '') =>
  actions.reduce(fieldReducer, initialFieldState(kind, value));
const error = { type: 'validated', errors: ['Je hebt geen naam ingevuld.'] } as const;

test('a fresh field: empty, valid, nothing shown', () => {
  const state = initialFieldState('text', '');
  assert.deepEqual(
    [state.empty, state.valid, state.invalid, state.complete, state.blurred, state.dirty, state.submitted],
    [true, true, false, false, false, false, false],
  );
});

test('text input: errors stay hidden while typing and show after blur', () => {
  const typing = run('text', [{ type: 'input', value: 'J' }, error]);
  assert.equal(typing.dirty, true);
  assert.equal(showErrors(typing, 'text'), false);
  assert.equal(typing.invalid, false);
  assert.deepEqual(visibleErrors(typing), []);
  const left = fieldReducer(typing, { type: 'blur' });
  assert.equal(left.invalid, true);
  assert.deepEqual(visibleErrors(left), ['Je hebt geen naam ingevuld.']);
});

test('checkbox: errors show once its value changed, without a blur', () => {
  const ticked = run('checkbox', [{ type: 'input', value: true }, { type: 'input', value: false }, error], false);
  assert.equal(ticked.blurred, false);
  assert.equal(ticked.dirty, true, 'undoing a change keeps the field dirty');
  assert.equal(ticked.invalid, true);
  assert.equal(showErrors(run('checkbox', [{ type: 'blur' }, error], false), 'checkbox'), false);
});

test('submit shows every error, also of untouched fields', () => {
  const fields: Record<'name' | 'privacy', FieldState> = {
    name: run('text', [error]),
    privacy: run('checkbox', [error], false),
  };
  assert.equal(fields.name.invalid || fields.privacy.invalid, false);
  const submitted = markAllSubmitted(fields);
  assert.equal(submitted.name.submitted && submitted.privacy.submitted, true);
  assert.equal(submitted.name.invalid && submitted.privacy.invalid, true);
});

test('complete means valid and filled in; fixing the value clears invalid', () => {
  const fixed = run('text', [{ type: 'blur' }, error, { type: 'input', value: 'Jo' }, { type: 'validated', errors: [] }]);
  assert.deepEqual([fixed.valid, fixed.invalid, fixed.complete, fixed.empty], [true, false, true, false]);
});

test('reset returns to the initial state, or to a new value', () => {
  const used = run('text', [{ type: 'input', value: 'x' }, { type: 'blur' }, { type: 'submit' }], 'a');
  assert.deepEqual(fieldReducer(used, { type: 'reset' }), initialFieldState('text', 'a'));
  assert.equal(fieldReducer(used, { type: 'reset', value: 'b' }).value, 'b');
});

test('a list value counts as a change when its items differ', () => {
  const state = run('choice', [{ type: 'input', value: ['a'] }], ['a']);
  assert.equal(state.dirty, false);
  assert.equal(fieldReducer(state, { type: 'input', value: ['a', 'b'] }).dirty, true);
});
