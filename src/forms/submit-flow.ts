// What happens when a form is submitted in the browser: wait for pending
// validation, mark every field submitted, then either show the incomplete message and call
// the invalid handler, or run the submit handler while the form is busy (disabled, loading).
import { formatMessage } from './messages/index';
import type { Locale } from '../i18n/locale';
import type { FieldErrors, FormValidation } from './validate';

export type SubmitOutcome<R> =
  | { readonly status: 'submitted'; readonly result: R }
  | {
      readonly status: 'invalid';
      /** The incomplete message ('Sorry, not all fields are filled out correctly.'). */
      readonly message: string;
      readonly errors: FieldErrors;
      readonly formErrors: readonly string[];
    }
  /** The submit handler threw or rejected: the form shows its error state. */
  | { readonly status: 'failed'; readonly error: unknown }
  /** A submit was already running (a double click): nothing was sent twice. */
  | { readonly status: 'busy' };

export interface SubmitOptions<T, R> {
  readonly locale: Locale;
  /** Resolves once pending (debounced or asynchronous) validation is done, with its verdict. */
  readonly validate: () => FormValidation<T> | Promise<FormValidation<T>>;
  readonly onSubmit: (data: T) => R | Promise<R>;
  readonly onInvalid?: (errors: FieldErrors, formErrors: readonly string[]) => void;
  /** Mark every field submitted, e.g. dispatch `markAllSubmitted`. */
  readonly markSubmitted?: () => void;
  readonly onBusyChange?: (busy: boolean) => void;
}

export async function submitForm<T, R>(options: SubmitOptions<T, R>): Promise<SubmitOutcome<R>> {
  const verdict = await options.validate();
  options.markSubmitted?.();
  if (!verdict.ok) {
    options.onInvalid?.(verdict.errors, verdict.formErrors);
    const message = formatMessage(options.locale, 'form.incomplete');
    return { status: 'invalid', message, errors: verdict.errors, formErrors: verdict.formErrors };
  }
  options.onBusyChange?.(true);
  try {
    return { status: 'submitted', result: await options.onSubmit(verdict.data) };
  } catch (error) {
    return { status: 'failed', error };
  } finally {
    options.onBusyChange?.(false);
  }
}

export interface Submitter<R> {
  readonly submit: () => Promise<SubmitOutcome<R>>;
  readonly busy: boolean;
}

/** `submitForm` with a busy flag that refuses a second submit while the first one runs. */
export function createSubmitter<T, R>(options: SubmitOptions<T, R>): Submitter<R> {
  let busy = false;
  return {
    get busy() {
      return busy;
    },
    async submit() {
      if (busy) return { status: 'busy' };
      busy = true;
      try {
        return await submitForm(options);
      } finally {
        busy = false;
      }
    },
  };
}
