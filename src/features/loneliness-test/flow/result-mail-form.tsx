// Below the result with JavaScript: mail my result (optional). The address goes with the
// answers in a mail-only post (`_mailOnly=1`) that stores nothing; "results sent" on success.
import { useState, type FormEvent } from 'react';
import type { Answer } from '../rules/items';
import type { TestFlowProps } from './flow-props';
import { baseFields } from './flow-state';
import { postForm as postTest } from '../../../blocks/forms/post-form';
import { TextField } from './text-field';

type MailState = 'idle' | 'busy' | 'sent' | 'error';

export function ResultMailForm({ props, answers, postcode, age }: { props: TestFlowProps; answers: Answer[]; postcode: string; age: string }) {
  const { locale, action, page, captcha, texts, emailNote } = props;
  const [email, setEmail] = useState('');
  const [mailState, setMailState] = useState<MailState>('idle');
  const [mailError, setMailError] = useState('');
  const sendMail = async (e: FormEvent) => {
    e.preventDefault();
    setMailState('busy');
    setMailError('');
    try {
      const answer = await postTest(action, { ...baseFields({ answers, postcode, age }, page, locale), email, _mailOnly: '1' }, captcha);
      if (answer.ok) return setMailState('sent');
      setMailError(answer.errors.email ?? (answer.message || texts['testFlow.error']!));
      setMailState('error');
    } catch {
      setMailError(texts['testFlow.error']!);
      setMailState('error');
    }
  };
  return (
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
  );
}
