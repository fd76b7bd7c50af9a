'use client';
// A site form, enhanced: validates as you go with the shared schema, sends without a page
// load (with upload progress), and moves focus to the first problem. Rendered on the server
// too, where it is a plain HTML form that works without JavaScript.
import { useMemo, useRef, useState } from 'react';
import type { Locale } from '../../framework/page-meta';
import { TEXT_INPUT_DEBOUNCE_MS } from '../../forms/constants';
import { fieldReducer, initialFieldState, markAllSubmitted, visibleErrors, type FieldKind, type FieldState } from '../../forms/field-state';
import { formatMessage } from '../../forms/messages/index';
import { createSubmitter } from '../../forms/submit-flow';
import { validateForm } from '../../forms/validate';
import { captchaToken, type CaptchaConfig } from './browser-captcha';
import type { FieldSpec } from './field-specs';
import { fieldId, FormField } from './form-field';
import { FORM_TEXTS } from './form-texts';
import { SCHEMAS } from './schemas-by-form';
import { sendForm } from './send-form';

export type FormViewProps = {
  form: string;
  locale: Locale;
  action: string;
  page: string;
  fields: FieldSpec[];
  stamp: string;
  captcha: CaptchaConfig;
  sent: boolean;
  initial?: { values: Record<string, string>; errors: Record<string, string>; formErrors: string[] };
  /** What the form is about, e.g. `vacancy:coordinator-tiel`: stored with the submission. */
  about?: string;
};

const kindOf = (spec: FieldSpec): FieldKind => (spec.type === 'checkbox' ? 'checkbox' : spec.type === 'file' ? 'file' : 'text');

export function FormView(props: FormViewProps) {
  const { form, locale, fields } = props;
  const texts = FORM_TEXTS[locale];
  const formRef = useRef<HTMLFormElement>(null);
  const submissionId = useRef<string | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const [states, setStates] = useState<Record<string, FieldState>>(() =>
    Object.fromEntries(fields.map((f) => [f.name, initialFieldState(kindOf(f), props.initial?.values[f.name])])),
  );
  const [serverErrors, setServerErrors] = useState<Record<string, string>>(props.initial?.errors ?? {});
  const [message, setMessage] = useState<string | null>(props.initial?.formErrors[0] ?? null);
  const [sent, setSent] = useState<string | null>(props.sent ? formatMessage(locale, 'contact.success') : null);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const statesRef = useRef(states);
  statesRef.current = states;

  const input = (values: Record<string, FieldState>) => {
    const out: Record<string, unknown> = {};
    for (const spec of fields) {
      const v = values[spec.name]?.value;
      out[spec.name] = v instanceof File ? { name: v.name, size: v.size, type: v.type } : v;
    }
    return out;
  };
  const validate = (current: Record<string, FieldState>) => {
    const verdict = validateForm(SCHEMAS[form]!(locale), input(current), locale);
    const errors = verdict.ok ? {} : verdict.errors;
    setStates((prev) => Object.fromEntries(Object.entries(prev).map(([k, s]) => [k, fieldReducer(s, { type: 'validated', errors: errors[k] ? [errors[k]] : [] })])));
    return verdict;
  };
  const update = (name: string, value: unknown, immediate: boolean) => {
    setServerErrors(({ [name]: _dropped, ...rest }) => rest);
    const next = { ...statesRef.current, [name]: fieldReducer(statesRef.current[name]!, { type: 'input', value }) };
    setStates(next);
    window.clearTimeout(timer.current);
    if (immediate) validate(next);
    else timer.current = window.setTimeout(() => validate(statesRef.current), TEXT_INPUT_DEBOUNCE_MS);
  };

  const submitter = useMemo(
    () =>
      createSubmitter({
        locale,
        validate: () => validate(statesRef.current),
        markSubmitted: () => setStates((prev) => markAllSubmitted(prev)),
        onInvalid: (errors) => focusFirst(form, fields, errors),
        onBusyChange: setBusy,
        onSubmit: async () => {
          const body = new FormData(formRef.current!);
          submissionId.current ??= crypto.randomUUID();
          body.set('_sid', submissionId.current);
          const token = await captchaToken(props.captcha, form);
          if (token) body.set(token[0], token[1]);
          return sendForm(props.action, body, setProgress);
        },
      }),
    // Made once: it reads the latest state through refs, so a double click finds it busy.
    [],
  );

  const onSubmit = async (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setMessage(null);
    const outcome = await submitter.submit();
    setProgress(null);
    if (outcome.status === 'invalid') setMessage(outcome.message);
    else if (outcome.status === 'failed') setMessage(formatMessage(locale, 'contact.error'));
    else if (outcome.status === 'submitted') {
      const answer = outcome.result;
      if (answer.ok) return setSent(answer.message);
      setServerErrors(answer.errors ?? {});
      setMessage(answer.message);
      if (answer.errors) focusFirst(form, fields, answer.errors);
    }
  };

  if (sent) {
    return (
      <div className="form-success" role="status" tabIndex={-1} ref={(el) => el?.focus()}>
        <p>{sent}</p>
      </div>
    );
  }
  return (
    <form ref={formRef} className="site-form" method="post" action={props.action} encType="multipart/form-data" noValidate onSubmit={onSubmit} aria-busy={busy}>
      <input type="hidden" name="_page" value={props.page} />
      <input type="hidden" name="_locale" value={locale} />
      <input type="hidden" name="_ts" value={props.stamp} />
      {props.about ? <input type="hidden" name="context" value={props.about} /> : null}
      <div className="form-honeypot" aria-hidden="true">
        <label>
          {texts.honeypot}
          <input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      {message ? (
        <div className="form-message" role="alert">
          {message}
        </div>
      ) : null}
      {fields.map((spec) => {
        const state = states[spec.name]!;
        const error = serverErrors[spec.name] ?? visibleErrors(state)[0] ?? null;
        return (
          <FormField
            key={spec.name}
            form={form}
            spec={spec}
            locale={locale}
            value={props.initial?.values[spec.name] ?? ''}
            checked={props.initial?.values[spec.name] === 'on'}
            error={error}
            optionalText={texts.optional}
            disabled={busy}
            onInput={(v) => update(spec.name, v, spec.type === 'checkbox' || spec.type === 'file')}
            onBlur={() => setStates((prev) => ({ ...prev, [spec.name]: fieldReducer(prev[spec.name]!, { type: 'blur' }) }))}
          />
        );
      })}
      {progress !== null ? <progress className="form-progress" max={100} value={progress} aria-label={texts.uploading.replace('{percent}', String(progress))} /> : null}
      <button type="submit" className="button button-primary" disabled={busy}>
        {busy ? texts.sending : texts.submit}
      </button>
    </form>
  );
}

function focusFirst(form: string, fields: FieldSpec[], errors: Record<string, string>) {
  const first = fields.find((f) => errors[f.name]);
  if (first) requestAnimationFrame(() => document.getElementById(fieldId(form, first.name))?.focus());
}
