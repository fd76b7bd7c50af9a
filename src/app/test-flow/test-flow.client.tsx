'use client';
// The loneliness test in the browser (issue 7): start, the 11 questions one per screen (a
// fieldset with a legend, large radio buttons, "previous question", "Vraag 3 van 11" and a
// progress bar), postcode and age, the consent step, then the advice and the optional result
// mail. Focus moves to each step's heading. Before the script runs (or without it) the same
// component renders the plain form with every question, which posts to the same endpoint.
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { ANSWERS, type Answer } from '../../loneliness-test/items';
import { scoreTest } from '../../loneliness-test/score';
import { lonelinessTestSchema } from '../../forms/schemas/loneliness-test';
import { validateForm } from '../../forms/validate';
import { captchaToken, type CaptchaConfig } from '../forms/browser-captcha';
import { fill, type FlowTexts } from './fill';
import { ResultView, type ResultTexts } from './result-view';

export type FlowItem = { number: number; text: string };

export type TestFlowProps = {
  locale: 'nl' | 'en';
  action: string;
  page: string;
  stamp: string;
  captcha: CaptchaConfig;
  texts: FlowTexts;
  title: string;
  intro: ReactNode;
  items: FlowItem[];
  /** Labels of ja, min of meer, nee. */
  answerLabels: Record<Answer, string>;
  consentLabel: string;
  researchLabel: string;
  emailNote?: string | null;
  result: ResultTexts;
  /** The plain form's state after a post with errors (server-rendered, no JavaScript). */
  initial?: { values: Record<string, string>; errors: Record<string, string>; formErrors: string[] };
};

type Step = { kind: 'start' } | { kind: 'question'; index: number } | { kind: 'about' } | { kind: 'consent' } | { kind: 'result' };

export function TestFlow(props: TestFlowProps) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted ? <SteppedFlow {...props} /> : <PlainForm {...props} />;
}

const answerField = (i: number) => `q${i + 1}`;

/** Every question on one page: the form without JavaScript. */
export function PlainForm({ locale, action, page, stamp, texts, title, intro, items, answerLabels, consentLabel, researchLabel, emailNote, initial }: TestFlowProps) {
  const values = initial?.values ?? {};
  const errors = initial?.errors ?? {};
  const errorFor = (name: string) => errors[name];
  return (
    <section className="test-flow test-flow-plain">
      <h1>{title}</h1>
      <div className="test-intro">{intro}</div>
      <p>{texts['testFlow.noJsIntro']}</p>
      {initial?.formErrors.length ? (
        <div className="form-errors" role="alert">
          {initial.formErrors.map((m) => <p key={m}>{m}</p>)}
        </div>
      ) : null}
      <form method="post" action={action} className="test-plain-form" noValidate>
        <input type="hidden" name="_page" value={page} />
        <input type="hidden" name="_locale" value={locale} />
        <input type="hidden" name="_ts" value={stamp} />
        <div className="form-honeypot" aria-hidden="true">
          <label>
            Website
            <input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
          </label>
        </div>
        {items.map((item, i) => {
          const name = answerField(i);
          const error = errorFor(name) ?? errorFor(`answers.${i}`);
          return (
            <fieldset key={item.number} className="test-question" aria-describedby={error ? `${name}-error` : undefined}>
              <legend>
                <span className="test-question-number">{fill(texts['testFlow.question'], { n: item.number })}</span> {item.text}
              </legend>
              {error ? <p className="field-error" id={`${name}-error`}>{error}</p> : null}
              <div className="test-answers">
                {ANSWERS.map((answer) => (
                  <label key={answer} className="test-answer">
                    <input type="radio" name={name} value={answer} defaultChecked={values[name] === answer} />
                    <span>{answerLabels[answer]}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          );
        })}
        <fieldset className="test-about">
          <legend>{texts['testFlow.aboutYou']}</legend>
          <p>{texts['testFlow.aboutYouIntro']}</p>
          <TextField name="postcode" label={texts['testFlow.postcode']!} hint={texts['testFlow.postcodeHint']} autoComplete="postal-code" defaultValue={values.postcode} error={errorFor('postcode')} />
          <TextField name="age" label={texts['testFlow.age']!} inputMode="numeric" defaultValue={values.age} error={errorFor('age')} />
        </fieldset>
        <fieldset className="test-consent">
          <legend>{texts['testFlow.consentTitle']}</legend>
          <p>{texts['testFlow.consentIntro']}</p>
          <label className="test-check">
            <input type="checkbox" name="consent" value="on" defaultChecked={values.consent === 'on'} />
            <span>{consentLabel}</span>
          </label>
          <label className="test-check">
            <input type="checkbox" name="researchPermission" value="on" defaultChecked={values.researchPermission === 'on'} />
            <span>{researchLabel}</span>
          </label>
        </fieldset>
        <fieldset className="test-mail">
          <legend>{texts['testFlow.mailTitle']}</legend>
          {emailNote ? <p>{emailNote}</p> : null}
          <TextField name="email" type="email" label={texts['testFlow.email']!} autoComplete="email" error={errorFor('email')} />
        </fieldset>
        <button type="submit" className="button button-primary">{texts['testFlow.submitNoJs']}</button>
      </form>
    </section>
  );
}

function TextField(props: { name: string; label: string; hint?: string; type?: string; inputMode?: 'numeric'; autoComplete?: string; defaultValue?: string; value?: string; onChange?: (v: string) => void; error?: string }) {
  const id = `test-${props.name}`;
  const described = [props.hint ? `${id}-hint` : '', props.error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="form-field">
      <label htmlFor={id}>{props.label}</label>
      {props.hint ? <p className="field-hint" id={`${id}-hint`}>{props.hint}</p> : null}
      <input
        id={id}
        name={props.name}
        type={props.type ?? 'text'}
        inputMode={props.inputMode}
        autoComplete={props.autoComplete}
        {...(props.onChange ? { value: props.value ?? '', onChange: (e) => props.onChange?.(e.target.value) } : { defaultValue: props.defaultValue })}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={described}
      />
      {props.error ? <p className="field-error" id={`${id}-error`}>{props.error}</p> : null}
    </div>
  );
}

type Outcome = { stored: boolean };

async function post(action: string, fields: Record<string, string>, captcha: CaptchaConfig): Promise<{ ok: true; json: Record<string, unknown> } | { ok: false; errors: Record<string, string>; message: string }> {
  const body = new URLSearchParams(fields);
  const token = await captchaToken(captcha, 'loneliness-test');
  if (token) body.set(token[0], token[1]);
  const res = await fetch(action, { method: 'POST', body, headers: { Accept: 'application/json' } });
  const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (res.ok && json.ok) return { ok: true, json };
  return { ok: false, errors: (json.errors as Record<string, string> | undefined) ?? {}, message: typeof json.message === 'string' ? json.message : '' };
}

function SteppedFlow(props: TestFlowProps) {
  const { locale, action, page, captcha, texts, title, intro, items, answerLabels, consentLabel, researchLabel, emailNote, result } = props;
  const total = items.length;
  const [step, setStep] = useState<Step>({ kind: 'start' });
  const [answers, setAnswers] = useState<Array<Answer | undefined>>(() => Array.from({ length: total }, () => undefined));
  const [postcode, setPostcode] = useState('');
  const [age, setAge] = useState('');
  const [consent, setConsent] = useState<'yes' | 'no' | ''>('');
  const [research, setResearch] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [email, setEmail] = useState('');
  const [mailState, setMailState] = useState<'idle' | 'busy' | 'sent' | 'error'>('idle');
  const [mailError, setMailError] = useState('');
  const heading = useRef<HTMLHeadingElement | null>(null);
  const first = useRef(true);
  const sid = useRef(`t-${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`);

  // Each step's heading takes the focus (not on the very first render: the page just loaded).
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [step]);

  const setHeading = (el: HTMLHeadingElement | null) => {
    heading.current = el;
  };

  const baseFields = (): Record<string, string> => {
    const fields: Record<string, string> = { _page: page, _locale: locale, postcode, age };
    answers.forEach((a, i) => {
      if (a) fields[answerField(i)] = a;
    });
    return fields;
  };

  if (step.kind === 'start') {
    return (
      <section className="test-flow" aria-labelledby="test-step-title">
        <h1 id="test-step-title" tabIndex={-1} ref={setHeading}>{title}</h1>
        <div className="test-intro">{intro}</div>
        <p>{texts['testFlow.startIntro']}</p>
        <button type="button" className="button button-primary" data-testid="test-flow-ready" onClick={() => setStep({ kind: 'question', index: 0 })}>
          {texts['testFlow.start']}
        </button>
      </section>
    );
  }

  if (step.kind === 'question') {
    const { index } = step;
    const item = items[index]!;
    const chosen = answers[index];
    const error = errors.question;
    const next = (e: FormEvent) => {
      e.preventDefault();
      if (!chosen) return setErrors({ question: texts['testFlow.chooseAnswer']! });
      setErrors({});
      setStep(index + 1 < total ? { kind: 'question', index: index + 1 } : { kind: 'about' });
    };
    return (
      <section className="test-flow" aria-labelledby="test-step-title">
        <Progress n={index + 1} total={total} texts={texts} />
        <form onSubmit={next} noValidate>
          <fieldset className="test-question" aria-describedby={error ? 'test-question-error' : undefined}>
            <legend>
              <h1 id="test-step-title" tabIndex={-1} ref={setHeading} className="test-question-title">
                <span className="test-question-number">{fill(texts['testFlow.question'], { n: item.number })}</span> {item.text}
              </h1>
            </legend>
            {error ? <p className="field-error" id="test-question-error" role="alert">{error}</p> : null}
            <div className="test-answers test-answers-large">
              {ANSWERS.map((answer) => (
                <label key={answer} className="test-answer">
                  <input
                    type="radio"
                    name={answerField(index)}
                    value={answer}
                    checked={chosen === answer}
                    onChange={() => {
                      setAnswers((prev) => prev.map((a, i) => (i === index ? answer : a)));
                      setErrors({});
                    }}
                  />
                  <span>{answerLabels[answer]}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <div className="test-nav">
            <button type="button" className="button button-secondary" onClick={() => { setErrors({}); setStep(index === 0 ? { kind: 'start' } : { kind: 'question', index: index - 1 }); }}>
              {index === 0 ? texts['testFlow.back'] : texts['testFlow.previous']}
            </button>
            <button type="submit" className="button button-primary">{texts['testFlow.next']}</button>
          </div>
        </form>
      </section>
    );
  }

  if (step.kind === 'about') {
    const next = (e: FormEvent) => {
      e.preventDefault();
      // The shared schema's own messages for these two fields; the server checks again.
      const checked = validateForm(lonelinessTestSchema(locale), { answers, postcode, age }, locale);
      const found: Record<string, string> = {};
      if (!checked.ok) {
        if (checked.errors.postcode) found.postcode = checked.errors.postcode;
        if (checked.errors.age) found.age = checked.errors.age;
      }
      if (Object.keys(found).length) return setErrors(found);
      setErrors({});
      setStep({ kind: 'consent' });
    };
    return (
      <section className="test-flow" aria-labelledby="test-step-title">
        <form onSubmit={next} noValidate>
          <fieldset className="test-about">
            <legend>
              <h1 id="test-step-title" tabIndex={-1} ref={setHeading}>{texts['testFlow.aboutYou']}</h1>
            </legend>
            <p>{texts['testFlow.aboutYouIntro']}</p>
            <TextField name="postcode" label={texts['testFlow.postcode']!} hint={texts['testFlow.postcodeHint']} autoComplete="postal-code" value={postcode} onChange={setPostcode} error={errors.postcode} />
            <TextField name="age" label={texts['testFlow.age']!} inputMode="numeric" value={age} onChange={setAge} error={errors.age} />
          </fieldset>
          <div className="test-nav">
            <button type="button" className="button button-secondary" onClick={() => { setErrors({}); setStep({ kind: 'question', index: total - 1 }); }}>
              {texts['testFlow.previous']}
            </button>
            <button type="submit" className="button button-primary">{texts['testFlow.next']}</button>
          </div>
        </form>
      </section>
    );
  }

  if (step.kind === 'consent') {
    const send = async (e: FormEvent) => {
      e.preventDefault();
      if (!consent) return setErrors({ consent: texts['testFlow.chooseAnswer']! });
      setBusy(true);
      setErrors({});
      try {
        const fields = { ...baseFields(), _sid: sid.current, ...(consent === 'yes' ? { consent: 'on' } : {}), ...(consent === 'yes' && research ? { researchPermission: 'on' } : {}) };
        const answer = await post(action, fields, captcha);
        if (!answer.ok) {
          const about = answer.errors.postcode || answer.errors.age;
          setErrors(answer.errors);
          if (about) setStep({ kind: 'about' });
          else setErrors({ ...answer.errors, form: answer.message || texts['testFlow.error']! });
          return;
        }
        setOutcome({ stored: answer.json.stored === true });
        setStep({ kind: 'result' });
      } catch {
        setErrors({ form: texts['testFlow.error']! });
      } finally {
        setBusy(false);
      }
    };
    return (
      <section className="test-flow" aria-labelledby="test-step-title">
        <form onSubmit={send} noValidate>
          <fieldset className="test-consent" aria-describedby={errors.consent ? 'test-consent-error' : 'test-consent-intro'}>
            <legend>
              <h1 id="test-step-title" tabIndex={-1} ref={setHeading}>{texts['testFlow.consentTitle']}</h1>
            </legend>
            <p id="test-consent-intro">{texts['testFlow.consentIntro']}</p>
            <p className="test-consent-label">{consentLabel}</p>
            {errors.consent ? <p className="field-error" id="test-consent-error" role="alert">{errors.consent}</p> : null}
            <div className="test-answers">
              <label className="test-answer">
                <input type="radio" name="consent" value="yes" checked={consent === 'yes'} onChange={() => setConsent('yes')} />
                <span>{texts['testFlow.consentYes']}</span>
              </label>
              <label className="test-answer">
                <input type="radio" name="consent" value="no" checked={consent === 'no'} onChange={() => { setConsent('no'); setResearch(false); }} />
                <span>{texts['testFlow.consentNo']}</span>
              </label>
            </div>
          </fieldset>
          {consent === 'yes' ? (
            <fieldset className="test-research">
              <legend>{texts['testFlow.researchTitle']}</legend>
              <label className="test-check">
                <input type="checkbox" name="researchPermission" checked={research} onChange={(e) => setResearch(e.target.checked)} />
                <span>{researchLabel}</span>
              </label>
            </fieldset>
          ) : null}
          {errors.form ? <p className="field-error" role="alert">{errors.form}</p> : null}
          <div className="test-nav">
            <button type="button" className="button button-secondary" onClick={() => { setErrors({}); setStep({ kind: 'about' }); }}>
              {texts['testFlow.back']}
            </button>
            <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy || undefined}>
              {busy ? texts['testFlow.sending'] : texts['testFlow.showResult']}
            </button>
          </div>
        </form>
      </section>
    );
  }

  const complete = answers.every((a): a is Answer => a !== undefined);
  if (!complete) return null;
  const score = scoreTest(answers);
  const sendMail = async (e: FormEvent) => {
    e.preventDefault();
    setMailState('busy');
    setMailError('');
    try {
      const answer = await post(action, { ...baseFields(), email, _mailOnly: '1' }, captcha);
      if (answer.ok) return setMailState('sent');
      setMailError(answer.errors.email ?? (answer.message || texts['testFlow.error']!));
      setMailState('error');
    } catch {
      setMailError(texts['testFlow.error']!);
      setMailState('error');
    }
  };
  return (
    <ResultView locale={locale} texts={texts} result={result} score={score} age={Number(age)} postcode={postcode} stored={outcome?.stored ?? false} headingRef={setHeading}>
      <section className="test-mail" aria-labelledby="test-mail-title">
        <h2 id="test-mail-title">{texts['testFlow.mailTitle']}</h2>
        {mailState === 'sent' ? (
          <p className="form-success" role="status" data-testid="test-mail-sent">{texts['testFlow.mailSent']}</p>
        ) : (
          <form onSubmit={sendMail} noValidate>
            {emailNote ? <p>{emailNote}</p> : null}
            <TextField name="email" type="email" label={texts['testFlow.email']!} autoComplete="email" value={email} onChange={setEmail} error={mailState === 'error' ? mailError : undefined} />
            <button type="submit" className="button button-primary" disabled={mailState === 'busy'}>
              {mailState === 'busy' ? texts['testFlow.sending'] : texts['testFlow.mailSend']}
            </button>
          </form>
        )}
      </section>
    </ResultView>
  );
}

function Progress({ n, total, texts }: { n: number; total: number; texts: FlowTexts }) {
  const label = fill(texts['testFlow.progress'], { n, total });
  return (
    <div className="test-progress">
      <p className="test-progress-label" aria-live="polite">{label}</p>
      <progress className="test-progress-bar" max={total} value={n} aria-label={label} />
    </div>
  );
}
