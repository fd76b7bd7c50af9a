// Plain-text mails of the forms: the notification the foundation gets (every answer, with
// the submission's id to find it in the store), and the confirmation the visitor gets (thanks
// and what happens next, without repeating the answers: the address may have a typo, and then
// a stranger would read them). Dutch and English, "je" in Dutch, warm and short. Each form's
// own words come from its definition (src/forms/definitions); the frame around them is here.
import type { FormMail, MailTexts, MailWithLabels, Texts } from '../../src/forms/definitions/types';
import { t } from '../../src/i18n/intl';
import type { Locale } from '../../src/i18n/locale';
import { fieldLines } from './field-list';

export type MailText = { subject: string; text: string };
type Data = Readonly<Record<string, unknown>>;

const FOUNDATION = 'Stichting Join Us';

export function notificationMail(
  mail: MailWithLabels,
  data: Data,
  locale: Locale,
  meta: { submissionId?: string; visitorLocale?: Locale } = {},
): MailText {
  // One line whatever was typed: a subject is a header.
  const who = (personName(data) ?? (typeof data.email === 'string' ? data.email : '')).replace(/\s+/g, ' ').slice(0, 120);
  const label = words(mail.label, data)[locale].replace(/\s+/g, ' ');
  const subject = who ? t(locale, 'mail.notify.subjectFrom', { label, who }) : t(locale, 'mail.notify.subject', { label });
  const intro = t(locale, 'mail.notify.intro', { what: words(mail.what, data)[locale] });
  const footer: string[] = [];
  if (meta.submissionId) footer.push(t(locale, 'mail.notify.reference', { id: meta.submissionId }));
  if (meta.visitorLocale) footer.push(t(locale, 'mail.notify.visitorLanguage', { language: t(locale, `mail.language.${meta.visitorLocale}`) }));
  if (typeof data.email === 'string') footer.push(t(locale, 'mail.notify.replyToSender'));
  const text = [intro, '', ...fieldLines(mail, data, locale), '', ...footer].join('\n');
  return { subject, text: `${text.trimEnd()}\n` };
}

export function confirmationMail(texts: NonNullable<FormMail['confirmation']>, data: Data, locale: Locale): MailText {
  const first = personName(data)?.split(/\s+/)[0];
  const greeting = first ? t(locale, 'mail.confirm.greetingName', { name: first }) : t(locale, 'mail.confirm.greeting');
  const questions = t(locale, 'mail.confirm.questions');
  const signOff = `${t(locale, 'mail.confirm.signOff')}\n${FOUNDATION}`;
  const why = t(locale, 'mail.confirm.why');
  const text = [greeting, '', words(texts.thanks, data)[locale], '', texts.next(data)[locale], '', questions, '', signOff, '', '-- ', why].join('\n');
  // One line whatever the answers hold (an event's name comes from content): a subject is a header.
  const subject = words(texts.subject, data)[locale].replace(/\s+/g, ' ');
  return { subject: `${subject} | ${FOUNDATION}`, text: `${text}\n` };
}

/** A mail's words for this submission: fixed, or made from its answers. */
function words(texts: MailTexts, data: Data): Texts {
  return typeof texts === 'function' ? texts(data) : texts;
}

function personName(data: Data): string | undefined {
  if (typeof data.name === 'string' && data.name.trim()) return data.name.trim();
  const parts = [data.firstname, data.lastname].filter((p): p is string => typeof p === 'string' && p.trim() !== '');
  return parts.length ? parts.join(' ') : undefined;
}
