// Plain-text mails of the forms: the notification the foundation gets (every answer, with
// the submission's id to find it in the store), and the confirmation the visitor gets (thanks
// and what happens next, without repeating the answers: the address may have a typo, and then
// a stranger would read them). Dutch and English, "je" in Dutch, warm and short. Each form's
// own words come from its definition (src/forms/definitions); the frame around them is here.
import type { FormMail, Texts } from '../../src/forms/definitions/types';
import type { Locale } from '../../src/i18n/locale';
import { fieldLines } from './field-list';

export type MailText = { subject: string; text: string };
type Data = Readonly<Record<string, unknown>>;

const FOUNDATION = 'Stichting Join Us';

const LANGUAGE_NAMES: Readonly<Record<Locale, Texts>> = {
  nl: { nl: 'Nederlands', en: 'Dutch' },
  en: { nl: 'Engels', en: 'English' },
};

export function notificationMail(
  mail: FormMail,
  data: Data,
  locale: Locale,
  meta: { submissionId?: string; visitorLocale?: Locale } = {},
): MailText {
  // One line whatever was typed: a subject is a header.
  const who = (personName(data) ?? (typeof data.email === 'string' ? data.email : '')).replace(/\s+/g, ' ').slice(0, 120);
  const what = mail.what[locale];
  const by = locale === 'nl' ? 'van' : 'from';
  const subject = `[Website] ${mail.label[locale]}${who ? ` ${by} ${who}` : ''}`;
  const intro = locale === 'nl' ? `Via de website kwam ${what} binnen.` : `The website received ${what}.`;
  const footer: string[] = [];
  if (meta.submissionId) footer.push(`${locale === 'nl' ? 'Kenmerk' : 'Reference'}: ${meta.submissionId}`);
  if (meta.visitorLocale) footer.push(`${locale === 'nl' ? 'Taal van de bezoeker' : "Visitor's language"}: ${LANGUAGE_NAMES[meta.visitorLocale][locale]}`);
  if (typeof data.email === 'string') {
    footer.push(locale === 'nl' ? 'Beantwoord deze e-mail om de afzender direct te antwoorden.' : 'Reply to this email to answer the sender directly.');
  }
  const text = [intro, '', ...fieldLines(mail, data, locale), '', ...footer].join('\n');
  return { subject, text: `${text.trimEnd()}\n` };
}

export function confirmationMail(texts: NonNullable<FormMail['confirmation']>, data: Data, locale: Locale): MailText {
  const first = personName(data)?.split(/\s+/)[0];
  const greeting = locale === 'nl' ? `Hoi${first ? ` ${first}` : ''},` : `Hi${first ? ` ${first}` : ''},`;
  const questions =
    locale === 'nl' ? 'Heb je nog een vraag? Beantwoord dan gewoon deze e-mail.' : 'Any questions? Simply reply to this email.';
  const signOff = locale === 'nl' ? `Hartelijke groet,\n${FOUNDATION}` : `Warm regards,\n${FOUNDATION}`;
  const why =
    locale === 'nl'
      ? 'Je krijgt deze e-mail omdat dit e-mailadres is ingevuld op de website van Stichting Join Us. Was jij dat niet? Dan kun je deze e-mail negeren.'
      : 'You are receiving this email because this address was entered on the Stichting Join Us website. If that was not you, you can ignore this email.';
  const text = [greeting, '', texts.thanks[locale], '', texts.next(data)[locale], '', questions, '', signOff, '', '-- ', why].join('\n');
  return { subject: `${texts.subject[locale]} | ${FOUNDATION}`, text: `${text}\n` };
}

function personName(data: Data): string | undefined {
  if (typeof data.name === 'string' && data.name.trim()) return data.name.trim();
  const parts = [data.firstname, data.lastname].filter((p): p is string => typeof p === 'string' && p.trim() !== '');
  return parts.length ? parts.join(' ') : undefined;
}
