'use client';
// A site form, enhanced: validates as you go with the shared schema, sends without a page
// load (with upload progress), and moves focus to the first problem. Rendered on the server
// too, where it is a plain HTML form that works without JavaScript. A form in steps (the
// sign-up) shows one step at a time: "next" checks that step first (in the browser, or on the
// server without JavaScript, where the other steps' values travel in hidden fieldsets).
// The rules themselves (zod and the schemas) are not in the page's first load: they come when
// the visitor first focuses or presses something in the form (load-checks.ts).
import { answerAnchor, answersAPost } from './form-landing';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Locale } from '../../i18n/locale';
import { TEXT_INPUT_DEBOUNCE_MS } from '../../forms/constants';
import { fieldReducer, initialFieldState, markAllSubmitted, visibleErrors, type FieldKind, type FieldState } from '../../forms/field-state';
import { formatMessage } from '../../forms/messages/index';
import type { FieldSpec, SchemaOptions } from '../../forms/definitions/types';
import { loadChecks } from './load-checks';
import { errorsUpTo, firstStepWithError, stepOfField, type FormSteps } from '../../forms/steps';
import { createSubmitter } from '../../forms/submit-flow';
import type { CaptchaConfig } from './browser-captcha';
import { fieldId, FormField, optionId } from './form-field';
import { formViewEn, formViewNl } from '../../i18n/messages/form-view';
import { formatPlain } from '../../i18n/plain';
import { postForm, preloadCaptcha } from './post-form';
import { usePressAwareBlur } from './use-press-aware-blur';
import { POST_FIELDS } from '../../forms/post-protocol';

export type FormViewProps = {
  form: string;
  locale: Locale;
  action: string;
  page: string;
  fields: readonly FieldSpec[];
  stamp: string;
  captcha: CaptchaConfig;
  sent: boolean;
  initial?: { values: Record<string, string>; errors: Record<string, string>; formErrors: string[]; step?: number };
  /** What the form is about, e.g. `vacancy:coordinator-tiel`: stored with the submission. */
  about?: string;
  /** The fields of each step, for a form in steps. */
  steps?: FormSteps;
  /** The title of each step, for a form in steps. */
  stepTitles?: string[];
  /** What the schema needs from the page (a sign-up's group and its ages). */
  schemaOptions?: SchemaOptions;
  /** The content's words for the send button and the sent state, instead of the generic ones. */
  submitLabel?: string;
  success?: { title?: string; body?: string };
  /** The form's anchor (`formulier-{form}`, on its wrapper: links to the form land there). Once
   * the form was posted without JavaScript the address points at what answers: the form's action
   * carries `#formulier-{form}-antwoord` (a browser keeps an action's fragment for the answer
   * page), which the message of a form again (a mistake, a question to confirm) or the step a
   * move between steps shows takes, focusable, so the browser scrolls to it and focuses it, as
   * the enhanced form focuses it; a redirect after sending goes to the thank-you
   * (`?verzonden={form}#formulier-{form}`). */
  anchor?: string;
};

const kindOf = (spec: FieldSpec): FieldKind => (spec.type === 'checkbox' || spec.type === 'choice' || spec.type === 'file' ? spec.type : 'text');
/** What a field shows first: the value posted before (a page without JavaScript), else its default. */
const startValue = (spec: FieldSpec, initial?: Record<string, string>) => initial?.[spec.name] ?? spec.defaultValue;

export function FormView(props: FormViewProps) {
  const { form, locale, fields } = props;
  const texts = locale === 'en' ? formViewEn : formViewNl;
  const steps = props.steps;
  const total = steps?.length ?? 1;
  const [step, setStep] = useState(() => Math.min(Math.max(props.initial?.step ?? 1, 1), total));
  const stepRef = useRef(step);
  stepRef.current = step;
  const formRef = useRef<HTMLFormElement>(null);
  const messageRef = useRef<HTMLDivElement>(null);
  const submissionId = useRef<string | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const [states, setStates] = useState<Record<string, FieldState>>(() =>
    Object.fromEntries(fields.map((f) => [f.name, initialFieldState(kindOf(f), startValue(f, props.initial?.values))])),
  );
  const [serverErrors, setServerErrors] = useState<Record<string, string>>(props.initial?.errors ?? {});
  const [message, setMessage] = useState<string | null>(props.initial?.formErrors[0] ?? null);
  const [sent, setSent] = useState<string | null>(props.sent ? formatMessage(locale, 'contact.success') : null);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const statesRef = useRef(states);
  statesRef.current = states;
  /** The form came back from a post without JavaScript: the element that answers takes the landing id. */
  const landing = answersAPost(props.initial) && props.anchor ? answerAnchor(props.anchor) : undefined;
  const landsOnMessage = landing !== undefined && message !== null && message === props.initial?.formErrors[0];

  const input = (values: Record<string, FieldState>) => {
    const out: Record<string, unknown> = {};
    for (const spec of fields) {
      const v = values[spec.name]?.value;
      out[spec.name] = v instanceof File ? { name: v.name, size: v.size, type: v.type } : v;
    }
    return out;
  };
  const validate = async (current: Record<string, FieldState>) => {
    const { checkForm } = await loadChecks();
    const verdict = checkForm(form, locale, props.schemaOptions, input(current));
    const errors = verdict.ok ? {} : verdict.errors;
    setStates((prev) => Object.fromEntries(Object.entries(prev).map(([k, s]) => [k, fieldReducer(s, { type: 'validated', errors: errors[k] ? [errors[k]] : [] })])));
    return verdict;
  };
  const update = (name: string, value: unknown, immediate: boolean) => {
    setServerErrors(({ [name]: _dropped, ...rest }) => rest);
    const next = { ...statesRef.current, [name]: fieldReducer(statesRef.current[name]!, { type: 'input', value }) };
    linkedChoice(name, value, next);
    setStates(next);
    window.clearTimeout(timer.current);
    if (immediate) void validate(next);
    else timer.current = window.setTimeout(() => void validate(statesRef.current), TEXT_INPUT_DEBOUNCE_MS);
  };

  /** "Another amount": typing it picks its option; choosing another option empties it. */
  const linkedChoice = (name: string, value: unknown, next: Record<string, FieldState>) => {
    const spec = fields.find((f) => f.name === name);
    const picks = spec?.picks;
    if (picks && typeof value === 'string' && value.trim() !== '' && next[picks.field]) {
      next[picks.field] = fieldReducer(next[picks.field]!, { type: 'input', value: picks.value });
      const choice = fields.find((f) => f.name === picks.field);
      const radio = choice && document.getElementById(optionId(form, choice, picks.value));
      if (radio instanceof HTMLInputElement) radio.checked = true;
    }
    const picker = fields.find((f) => f.picks?.field === name);
    if (picker && value !== picker.picks!.value && next[picker.name]) {
      next[picker.name] = fieldReducer(next[picker.name]!, { type: 'input', value: '' });
      const input = document.getElementById(fieldId(form, picker.name));
      if (input instanceof HTMLInputElement) input.value = '';
    }
  };

  const submitter = useMemo(
    () =>
      createSubmitter({
        locale,
        validate: () => validate(statesRef.current),
        markSubmitted: () => setStates((prev) => markAllSubmitted(prev)),
        onInvalid: (errors) => showProblem(errors),
        onBusyChange: setBusy,
        onSubmit: async () => {
          const body = new FormData(formRef.current!);
          submissionId.current ??= crypto.randomUUID();
          body.set(POST_FIELDS.submissionId, submissionId.current);
          return postForm(props.action, body, props.captcha, setProgress);
        },
      }),
    // Made once: it reads the latest state through refs, so a double click finds it busy.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one submitter for the form's life
    [],
  );

  /** Back to the step of the first problem (a later answer may show one in an earlier step),
   * focused; a problem of no field (not sent: an event that is over, the network) focuses the
   * form's message, which may be far above the button that was pressed. */
  const showProblem = (errors: Record<string, string>) => {
    const at = steps ? firstStepWithError(steps, errors) : null;
    if (at !== null && at !== stepRef.current) setStep(at);
    if (!focusFirst(form, fields, errors)) afterPaint(() => messageRef.current?.focus());
  };
  const goToStep = (next: number) => {
    setStep(next);
    const first = fields.find((f) => steps && stepOfField(steps, f.name) === next);
    if (first) focusLater(fieldId(form, first.name));
  };
  /** "Next": this step's fields (and the earlier ones) must be right; nothing is sent yet. */
  const nextStep = async () => {
    const verdict = await validate(statesRef.current);
    const errors = verdict.ok ? {} : errorsUpTo(steps!, verdict.errors, step);
    setStates((prev) =>
      Object.fromEntries(Object.entries(prev).map(([k, s]) => [k, stepOfField(steps!, k) === step ? fieldReducer(s, { type: 'submit' }) : s])),
    );
    if (Object.keys(errors).length > 0) {
      setMessage(formatMessage(locale, 'form.incomplete'));
      return showProblem(errors);
    }
    goToStep(step + 1);
  };

  const onSubmit = async (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setMessage(null);
    const button = (e.nativeEvent as SubmitEvent).submitter;
    if (steps && button instanceof HTMLButtonElement && button.name === POST_FIELDS.back) return goToStep(Math.max(1, step - 1));
    if (steps && step < total) return nextStep();
    const outcome = await submitter.submit();
    setProgress(null);
    if (outcome.status === 'invalid') setMessage(outcome.message);
    else if (outcome.status === 'failed') {
      setMessage(formatMessage(locale, 'contact.error'));
      showProblem({});
    }
    else if (outcome.status === 'submitted') {
      const answer = outcome.result;
      if (answer.ok && typeof answer.json.redirect === 'string' && /^https?:\/\//.test(answer.json.redirect)) {
        // On to the next page the form needs (a donation's checkout): busy until the browser has left.
        setBusy(true);
        return window.location.assign(answer.json.redirect);
      }
      if (answer.ok) return setSent(typeof answer.json.message === 'string' ? answer.json.message : '');
      setServerErrors(answer.errors);
      setMessage(answer.message);
      showProblem(answer.errors);
    }
  };

  // The rules and the captcha solver download once the visitor starts on the form.
  useEffect(() => {
    const el = formRef.current;
    if (!el) return;
    const start = () => {
      loadChecks().catch(() => {});
      preloadCaptcha(props.captcha);
    };
    el.addEventListener('focusin', start, { once: true });
    el.addEventListener('pointerdown', start, { once: true });
    return () => {
      el.removeEventListener('focusin', start);
      el.removeEventListener('pointerdown', start);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once: the form element stays until it is sent
  }, []);

  const press = usePressAwareBlur((names) => {
    // A field left untouched has never been checked: check now, so leaving it shows its error.
    window.clearTimeout(timer.current);
    void validate(statesRef.current);
    setStates((prev) => {
      const next = { ...prev };
      for (const name of names) if (next[name]) next[name] = fieldReducer(next[name], { type: 'blur' });
      return next;
    });
  });

  const field = (spec: FieldSpec) => {
    const state = states[spec.name]!;
    const error = serverErrors[spec.name] ?? visibleErrors(state)[0] ?? null;
    return (
      <FormField
        key={spec.name}
        form={form}
        spec={spec}
        locale={locale}
        value={startValue(spec, props.initial?.values) ?? ''}
        checked={props.initial?.values[spec.name] === 'on'}
        error={error}
        optionalText={texts['formView.optional']}
        disabled={busy}
        onInput={(v) => update(spec.name, v, spec.type === 'checkbox' || spec.type === 'choice' || spec.type === 'file')}
        onBlur={() => press.onBlur(spec.name)}
      />
    );
  };

  if (sent) {
    return (
      <div className="form-success" id={props.sent ? props.anchor : undefined} role="status" tabIndex={-1} ref={(el) => el?.focus()}>
        {props.success?.title ? <p className="form-success-title">{props.success.title}</p> : null}
        <p>{props.success?.body ?? sent}</p>
      </div>
    );
  }
  return (
    <form ref={formRef} className="site-form" method="post" action={props.anchor ? `${props.action}#${answerAnchor(props.anchor)}` : props.action} encType="multipart/form-data" noValidate onSubmit={onSubmit} onPointerDown={press.onPointerDown} aria-busy={busy}>
      <input type="hidden" name={POST_FIELDS.page} value={props.page} />
      <input type="hidden" name={POST_FIELDS.locale} value={locale} />
      <input type="hidden" name={POST_FIELDS.stamp} value={props.stamp} />
      {props.about ? <input type="hidden" name="context" value={props.about} /> : null}
      <div className="form-honeypot" aria-hidden="true">
        <label>
          {texts['formView.honeypot']}
          <input type="text" name={POST_FIELDS.honeypot} tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      {message ? (
        <div className="form-message" role="alert" id={landsOnMessage ? landing : undefined} tabIndex={-1} ref={messageRef}>
          {message === formatMessage(locale, 'form.incomplete') ? <strong className="form-message-title">{formatMessage(locale, 'form.incompleteTitle')} </strong> : null}
          {message}
        </div>
      ) : null}
      {steps
        ? steps.map((_, index) => (
            <fieldset key={index} className="form-step" hidden={step !== index + 1} {...(landing && !landsOnMessage && step === index + 1 ? { id: landing, tabIndex: -1 } : {})}>
              <legend className="form-step-title">
                <span className="form-step-count">{formatPlain(texts['formView.step'], { step: index + 1, total })}</span>
                {props.stepTitles?.[index] ? <span>{props.stepTitles[index]}</span> : null}
              </legend>
              {fields.filter((spec) => stepOfField(steps, spec.name) === index + 1).map(field)}
            </fieldset>
          ))
        : fields.map(field)}
      {progress !== null ? <progress className="form-progress" max={100} value={progress} aria-label={formatPlain(texts['formView.uploading'], { percent: progress })} /> : null}
      <div className="form-actions">
        {step < total ? (
          <button type="submit" name={POST_FIELDS.step} value={String(step)} className="button button-primary" disabled={busy}>
            {texts['formView.next']}
          </button>
        ) : (
          <button type="submit" name={steps ? POST_FIELDS.step : undefined} value={steps ? String(step) : undefined} className="button button-primary" disabled={busy}>
            {busy ? texts['formView.sending'] : (props.submitLabel ?? texts['formView.submit'])}
          </button>
        )}
        {step > 1 ? (
          <button type="submit" name={POST_FIELDS.back} value={String(step)} className="button button-secondary" disabled={busy}>
            {texts['formView.previous']}
          </button>
        ) : null}
      </div>
    </form>
  );
}

/** Focuses the first field with an error; false when no field has one. */
function focusFirst(form: string, fields: readonly FieldSpec[], errors: Record<string, string>): boolean {
  const first = fields.find((f) => errors[f.name]);
  if (first) focusLater(fieldId(form, first.name));
  return first !== undefined;
}

/** Focus after React has shown the element (a step that was hidden a moment ago). */
function focusLater(id: string) {
  afterPaint(() => document.getElementById(id)?.focus());
}

function afterPaint(then: () => void) {
  requestAnimationFrame(() => requestAnimationFrame(then));
}
