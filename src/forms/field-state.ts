// The state of one form input (blurred, dirty, submitted, valid, ...) as a pure reducer, so
// the browser component and the tests share one definition of when an error becomes visible.
import { isEmpty } from './rules';

/** Checkboxes (and radio groups) show errors once changed; typed inputs once left. */
export type FieldKind = 'text' | 'checkbox' | 'choice' | 'file';

export interface FieldState {
  readonly kind: FieldKind;
  readonly value: unknown;
  readonly initialValue: unknown;
  /** Current validation messages, whether shown or not. */
  readonly errors: readonly string[];
  /** The input has lost focus at least once. */
  readonly blurred: boolean;
  /** The value has changed at least once. Sticky on purpose: undoing a change must not hide
   * an error the visitor has already seen. */
  readonly dirty: boolean;
  /** The form was submitted (or a submit was attempted). */
  readonly submitted: boolean;
  /** No validation messages. */
  readonly valid: boolean;
  /** Not valid and the error is visible: what `aria-invalid` reflects. */
  readonly invalid: boolean;
  /** Valid and filled in. */
  readonly complete: boolean;
  readonly empty: boolean;
}

export type FieldAction =
  | { readonly type: 'input'; readonly value: unknown }
  | { readonly type: 'blur' }
  | { readonly type: 'validated'; readonly errors: readonly string[] }
  | { readonly type: 'submit' }
  | { readonly type: 'reset'; readonly value?: unknown };

function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, i) => Object.is(item, b[i]));
  }
  return false;
}

export function showErrors(
  state: Pick<FieldState, 'blurred' | 'dirty' | 'submitted'>,
  kind: FieldKind,
): boolean {
  if (state.submitted) return true;
  return kind === 'checkbox' || kind === 'choice' ? state.dirty : state.blurred;
}

/** Recomputes the flags that follow from the others, so they can never disagree. */
function derive(state: Omit<FieldState, 'valid' | 'invalid' | 'complete' | 'empty'>): FieldState {
  const valid = state.errors.length === 0;
  const empty = isEmpty(state.value);
  return {
    ...state,
    valid,
    empty,
    complete: valid && !empty,
    invalid: !valid && showErrors(state, state.kind),
  };
}

export function initialFieldState(
  kind: FieldKind,
  value: unknown = undefined,
  errors: readonly string[] = [],
): FieldState {
  return derive({ kind, value, initialValue: value, errors, blurred: false, dirty: false, submitted: false });
}

export function fieldReducer(state: FieldState, action: FieldAction): FieldState {
  switch (action.type) {
    case 'input':
      return derive({
        ...state,
        value: action.value,
        dirty: state.dirty || !sameValue(action.value, state.initialValue),
      });
    case 'blur':
      return state.blurred ? state : derive({ ...state, blurred: true });
    case 'validated':
      return derive({ ...state, errors: action.errors });
    case 'submit':
      return derive({ ...state, submitted: true });
    case 'reset':
      return initialFieldState(state.kind, 'value' in action ? action.value : state.initialValue);
  }
}

/** The messages to render next to the input right now. */
export function visibleErrors(state: FieldState): readonly string[] {
  return showErrors(state, state.kind) ? state.errors : [];
}

/** Submit marks every field submitted, which makes all their errors visible at once. */
export function markAllSubmitted<K extends string>(
  fields: Readonly<Record<K, FieldState>>,
): Record<K, FieldState> {
  const next = {} as Record<K, FieldState>;
  for (const name of Object.keys(fields) as K[]) next[name] = fieldReducer(fields[name], { type: 'submit' });
  return next;
}
