// Plain-text mails of the forms: the notification the foundation gets (every answer, with
// the submission's id to find it in the store), and the confirmation the visitor gets (thanks
// and what happens next, without repeating the answers: the address may have a typo, and then
// a stranger would read them). Dutch and English, "je" in Dutch, warm and short.
import type { Locale } from '../../src/i18n/locale';
import { fieldLines } from './field-list';

export type MailText = { subject: string; text: string };
type Data = Readonly<Record<string, unknown>>;
type Texts = Readonly<Record<Locale, string>>;

const FOUNDATION = 'Stichting Join Us';

type FormTexts = {
  /** For the notification's subject: "Sollicitatie". */
  label: Texts;
  /** What came in, for the notification: "een nieuwe sollicitatie". */
  what: Texts;
  confirmSubject: Texts;
  thanks: Texts;
  next: (data: Data) => Texts;
};

const FORMS: Readonly<Record<string, FormTexts>> = {
  contact: {
    label: { nl: 'Contactformulier', en: 'Contact form' },
    what: { nl: 'een nieuw bericht via het contactformulier', en: 'a new message through the contact form' },
    confirmSubject: { nl: 'We hebben je bericht ontvangen', en: 'We have received your message' },
    thanks: { nl: 'Bedankt voor je bericht! Het is goed bij ons aangekomen.', en: 'Thank you for your message! It has reached us safely.' },
    next: () => ({
      nl: 'We lezen je bericht en nemen zo snel mogelijk contact met je op.',
      en: 'We will read your message and get back to you as soon as we can.',
    }),
  },
  'vacancy-application': {
    label: { nl: 'Sollicitatie', en: 'Job application' },
    what: { nl: 'een nieuwe sollicitatie', en: 'a new job application' },
    confirmSubject: { nl: 'We hebben je sollicitatie ontvangen', en: 'We have received your application' },
    thanks: { nl: 'Bedankt voor je sollicitatie en je interesse in Join Us!', en: 'Thank you for your application and your interest in Join Us!' },
    next: () => ({
      nl: 'We lezen je sollicitatie met aandacht. Je hoort zo snel mogelijk van ons hoe het verder gaat.',
      en: 'We will read your application carefully and let you know as soon as we can how things will continue.',
    }),
  },
  'course-information': {
    label: { nl: 'Vraag over een cursus', en: 'Course information request' },
    what: { nl: 'een nieuwe vraag over een cursus', en: 'a new course information request' },
    confirmSubject: { nl: 'We hebben je vraag over de cursus ontvangen', en: 'We have received your question about the course' },
    thanks: { nl: 'Bedankt voor je interesse in onze cursus!', en: 'Thank you for your interest in our course!' },
    next: () => ({
      nl: 'We kijken naar je vraag, je voorkeurslocatie en je voorkeursdatum, en nemen zo snel mogelijk contact met je op.',
      en: 'We will look at your question, your preferred location and your preferred date, and get in touch as soon as we can.',
    }),
  },
  'start-location': {
    label: { nl: 'Aanvraag nieuwe locatie', en: 'Request to start a location' },
    what: { nl: 'een nieuwe aanvraag om een locatie te starten', en: 'a new request to start a location' },
    confirmSubject: { nl: 'Bedankt voor je interesse in een Join Us-groep', en: 'Thank you for your interest in a Join Us group' },
    thanks: { nl: 'Wat fijn dat je een Join Us-groep wilt starten!', en: 'How wonderful that you want to start a Join Us group!' },
    next: () => ({
      nl: 'Iemand van ons team belt je om te bespreken wat er nodig is en hoe we je daarbij helpen.',
      en: 'Someone from our team will call you to talk about what is needed and how we can help.',
    }),
  },
  'sign-up': {
    label: { nl: 'Aanmelding voor een groep', en: 'Group sign-up' },
    what: { nl: 'een nieuwe aanmelding voor een groep', en: 'a new sign-up for a group' },
    confirmSubject: { nl: 'Je aanmelding bij Join Us is binnen', en: 'Your sign-up for Join Us has arrived' },
    thanks: { nl: 'Wat fijn dat je je hebt aangemeld bij Join Us!', en: 'We are so glad you signed up for Join Us!' },
    next: () => ({
      nl: 'De begeleiders van je groep nemen contact met je op om kennis te maken en te vertellen wanneer en waar jullie samenkomen.',
      en: 'The leaders of your group will contact you to get to know you and tell you when and where you meet.',
    }),
  },
  'keep-me-posted': {
    label: { nl: 'Op de hoogte blijven', en: 'Keep me posted' },
    what: { nl: 'een nieuw verzoek om op de hoogte te blijven', en: 'a new keep-me-posted request' },
    confirmSubject: { nl: 'We houden je op de hoogte', en: 'We will keep you posted' },
    thanks: { nl: 'Bedankt dat je je gegevens hebt achtergelaten!', en: 'Thank you for leaving your details!' },
    next: (data) =>
      data.variant === 'too-young'
        ? {
            nl: 'We sturen je een e-mail zodra je oud genoeg bent voor de groep bij jou in de buurt. Wil je toch geen bericht meer? Beantwoord dan deze e-mail, dan halen we je gegevens weg.',
            en: 'We will email you as soon as you are old enough for the group near you. Changed your mind? Just reply to this email and we will remove your details.',
          }
        : {
            nl: 'We sturen je een e-mail zodra er een Join Us-groep bij jou in de buurt start. Wil je toch geen bericht meer? Beantwoord dan deze e-mail, dan halen we je gegevens weg.',
            en: 'We will email you as soon as a Join Us group starts near you. Changed your mind? Just reply to this email and we will remove your details.',
          },
  },
};

const GENERIC: FormTexts = {
  label: { nl: 'Formulier', en: 'Form' },
  what: { nl: 'een nieuw formulier', en: 'a new form' },
  confirmSubject: { nl: 'We hebben je gegevens ontvangen', en: 'We have received your details' },
  thanks: { nl: 'Bedankt! Je gegevens zijn goed bij ons aangekomen.', en: 'Thank you! Your details have reached us safely.' },
  next: () => ({ nl: 'We nemen zo snel mogelijk contact met je op.', en: 'We will get in touch as soon as we can.' }),
};

const LANGUAGE_NAMES: Readonly<Record<Locale, Texts>> = {
  nl: { nl: 'Nederlands', en: 'Dutch' },
  en: { nl: 'Engels', en: 'English' },
};

export function notificationMail(
  form: string,
  data: Data,
  locale: Locale,
  meta: { submissionId?: string; visitorLocale?: Locale } = {},
): MailText {
  const texts = FORMS[form] ?? GENERIC;
  // One line whatever was typed: a subject is a header.
  const who = (personName(data) ?? (typeof data.email === 'string' ? data.email : '')).replace(/\s+/g, ' ').slice(0, 120);
  const what = texts.what[locale];
  const by = locale === 'nl' ? 'van' : 'from';
  const subject = `[Website] ${texts.label[locale]}${who ? ` ${by} ${who}` : ''}`;
  const intro = locale === 'nl' ? `Via de website kwam ${what} binnen.` : `The website received ${what}.`;
  const footer: string[] = [];
  if (meta.submissionId) footer.push(`${locale === 'nl' ? 'Kenmerk' : 'Reference'}: ${meta.submissionId}`);
  if (meta.visitorLocale) footer.push(`${locale === 'nl' ? 'Taal van de bezoeker' : "Visitor's language"}: ${LANGUAGE_NAMES[meta.visitorLocale][locale]}`);
  if (typeof data.email === 'string') {
    footer.push(locale === 'nl' ? 'Beantwoord deze e-mail om de afzender direct te antwoorden.' : 'Reply to this email to answer the sender directly.');
  }
  const text = [intro, '', ...fieldLines(data, locale), '', ...footer].join('\n');
  return { subject, text: `${text.trimEnd()}\n` };
}

export function confirmationMail(form: string, data: Data, locale: Locale): MailText {
  const texts = FORMS[form] ?? GENERIC;
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
  return { subject: `${texts.confirmSubject[locale]} | ${FOUNDATION}`, text: `${text}\n` };
}

function personName(data: Data): string | undefined {
  if (typeof data.name === 'string' && data.name.trim()) return data.name.trim();
  const parts = [data.firstname, data.lastname].filter((p): p is string => typeof p === 'string' && p.trim() !== '');
  return parts.length ? parts.join(' ') : undefined;
}
