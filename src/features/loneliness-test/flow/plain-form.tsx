// Every question on one page: the test without JavaScript (and before the script runs). It
// posts to the same endpoint; the server answers with this page and its errors, or the result.
import { ANSWERS } from '../rules/items';
import { formatPlain } from '../../../i18n/plain';
import { answerField, type TestFlowProps } from './flow-props';
import { TextField } from './text-field';
import { POST_FIELDS } from '../../../forms/post-protocol';

/** The answer's landing: the form's action carries it, so the browser scrolls to the messages. */
const ANCHOR = 'formulier-loneliness-test';

export function PlainForm({ locale, action, page, stamp, texts, title, intro, items, answerLabels, consentLabel, researchLabel, emailNote, initial }: TestFlowProps) {
  const values = initial?.values ?? {};
  const errors = initial?.errors ?? {};
  const errorFor = (name: string) => errors[name];
  /** Each mistake in the order of the form: the id of its field, its label and its message. */
  const mistakes: [string, string, string][] = [
    ...items.map((item, i): [string, string, string | undefined] => [`${answerField(i)}-error`, formatPlain(texts['testFlow.question']!, { n: item.number }), errorFor(answerField(i)) ?? errorFor(`answers.${i}`)]),
    ...(['postcode', 'age', 'email'] as const).map((name): [string, string, string | undefined] => [`test-${name}`, texts[`testFlow.${name}`]!, errorFor(name)]),
  ].filter((m): m is [string, string, string] => m[2] !== undefined);
  return (
    <section className="test-flow test-flow-plain">
      <h1>{title}</h1>
      <div className="test-intro">{intro}</div>
      <p>{texts['testFlow.noJsIntro']}</p>
      {initial?.formErrors.length ? (
        // Where the answer lands (the form's action names it): focused, with a link to each mistake.
        <div className="form-errors" role="alert" id={ANCHOR} tabIndex={-1}>
          {initial.formErrors.map((m) => <p key={m}>{m}</p>)}
          {mistakes.length > 0 ? (
            <ul className="form-error-links">
              {mistakes.map(([id, label, message]) => (
                <li key={id}>
                  <a href={`#${id}`}>{label}</a>: {message}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      <form method="post" action={`${action}#${ANCHOR}`} className="test-plain-form" noValidate>
        <input type="hidden" name={POST_FIELDS.page} value={page} />
        <input type="hidden" name={POST_FIELDS.locale} value={locale} />
        <input type="hidden" name={POST_FIELDS.stamp} value={stamp} />
        <div className="form-honeypot" aria-hidden="true">
          <label>
            Website
            <input type="text" name={POST_FIELDS.honeypot} tabIndex={-1} autoComplete="off" defaultValue="" />
          </label>
        </div>
        {items.map((item, i) => {
          const name = answerField(i);
          const error = errorFor(name) ?? errorFor(`answers.${i}`);
          return (
            <fieldset key={item.number} className="test-question" aria-describedby={error ? `${name}-error` : undefined}>
              <legend>
                <span className="test-question-number">{formatPlain(texts['testFlow.question'], { n: item.number })}</span> {item.text}
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
          <TextField name="email" type="email" label={texts['testFlow.email']!} autoComplete="email" defaultValue={values.email} error={errorFor('email')} />
        </fieldset>
        <button type="submit" className="button button-primary">{texts['testFlow.submitNoJs']}</button>
      </form>
    </section>
  );
}
