// The fields of each form as the page shows them: order, input type, labels in both
// languages, autocomplete hints. The rules live in the shared zod schemas (src/forms).
import type { Locale } from '../../i18n/locale';

export type FieldType = 'text' | 'email' | 'tel' | 'textarea' | 'checkbox' | 'date' | 'file';
export type FieldSpec = {
  name: string;
  type: FieldType;
  label: { nl: string; en: string };
  hint?: { nl: string; en: string };
  optional?: boolean;
  autoComplete?: string;
};

const name: FieldSpec = { name: 'name', type: 'text', label: { nl: 'Naam', en: 'Name' }, autoComplete: 'name' };
const email: FieldSpec = { name: 'email', type: 'email', label: { nl: 'E-mailadres', en: 'Email address' }, autoComplete: 'email' };
const phone: FieldSpec = { name: 'phone', type: 'tel', label: { nl: 'Telefoonnummer', en: 'Phone number' }, autoComplete: 'tel' };
const organisation: FieldSpec = { name: 'organisation', type: 'text', label: { nl: 'Organisatie', en: 'Organisation' }, optional: true, autoComplete: 'organization' };
const message: FieldSpec = { name: 'message', type: 'textarea', label: { nl: 'Je bericht', en: 'Your message' } };
const privacy: FieldSpec = {
  name: 'privacy',
  type: 'checkbox',
  label: { nl: 'Ik ga akkoord met het privacybeleid van Stichting Join Us.', en: 'I agree to the privacy policy of Stichting Join Us.' },
};

export const FORM_FIELDS: Record<string, FieldSpec[]> = {
  contact: [name, organisation, email, { ...phone, optional: true }, message, privacy],
  'vacancy-application': [
    name,
    email,
    phone,
    { name: 'cv', type: 'file', label: { nl: 'Je cv', en: 'Your CV' }, hint: { nl: 'PDF, Word, OpenDocument, RTF of tekst. Cv en motivatie samen hoogstens 100 MB.', en: 'PDF, Word, OpenDocument, RTF or text. CV and motivation together at most 100 MB.' } },
    { name: 'motivation', type: 'file', label: { nl: 'Je motivatiebrief', en: 'Your motivation letter' }, optional: true },
    { name: 'remarks', type: 'textarea', label: { nl: 'Wil je nog iets kwijt?', en: 'Anything else you want to tell us?' }, optional: true },
    privacy,
  ],
  'course-information': [
    name,
    organisation,
    email,
    phone,
    { name: 'preferredLocation', type: 'text', label: { nl: 'Waar wil je de cursus volgen?', en: 'Where would you like to take the course?' }, autoComplete: 'address-level2' },
    { name: 'preferredDate', type: 'date', label: { nl: 'Welke datum past jou?', en: 'Which date suits you?' } },
    { ...message, label: { nl: 'Je vraag', en: 'Your question' } },
    privacy,
  ],
  'start-location': [
    name,
    email,
    phone,
    { name: 'jobTitle', type: 'text', label: { nl: 'Je functie', en: 'Your job title' }, autoComplete: 'organization-title' },
    { name: 'municipality', type: 'text', label: { nl: 'In welke gemeente ben je actief?', en: 'Which municipality do you work in?' } },
    { name: 'howHeard', type: 'text', label: { nl: 'Hoe heb je voor het eerst van Join Us gehoord?', en: 'How did you first hear about Join Us?' } },
    { ...message, optional: true, label: { nl: 'Wat wil je ons vertellen?', en: 'What would you like to tell us?' } },
    privacy,
  ],
};

// Find a group (issue 6). The variant of keep-me-posted and the group of a sign-up are fixed
// by the page in the form's hidden context; the server looks the group up (its age range).
FORM_FIELDS['keep-me-posted'] = [
  email,
  { name: 'postcode', type: 'text', label: { nl: 'Postcode', en: 'Postcode' }, hint: { nl: 'Bijvoorbeeld 4001 AB', en: 'For example 4001 AB' }, autoComplete: 'postal-code' },
  { name: 'age', type: 'text', label: { nl: 'Leeftijd', en: 'Age' }, optional: true, autoComplete: 'off' },
  privacy,
];
FORM_FIELDS['sign-up'] = [
  { name: 'firstname', type: 'text', label: { nl: 'Voornaam', en: 'First name' }, autoComplete: 'given-name' },
  { name: 'lastname', type: 'text', label: { nl: 'Achternaam', en: 'Last name' }, autoComplete: 'family-name' },
  { name: 'date_of_birth', type: 'date', label: { nl: 'Geboortedatum', en: 'Date of birth' }, autoComplete: 'bday' },
  email,
  { name: 'telephone', type: 'tel', label: { nl: 'Telefoonnummer', en: 'Phone number' }, autoComplete: 'tel' },
  { name: 'howFound', type: 'text', label: { nl: 'Hoe heb je ons gevonden?', en: 'How did you find us?' }, optional: true },
  {
    name: 'agreement',
    type: 'checkbox',
    label: { nl: 'Ik ga akkoord met de verwerking van mijn gegevens volgens het privacybeleid van Stichting Join Us.', en: 'I agree to the processing of my data under the privacy policy of Stichting Join Us.' },
  },
];

/**
 * The fields of a form as this page shows them. Keep-me-posted for someone too young for the
 * group in their municipality asks the age (required: we write when they are old enough).
 */
export function fieldsFor(form: string, about?: string): FieldSpec[] | undefined {
  const fields = FORM_FIELDS[form];
  if (form === 'keep-me-posted' && about === 'keep-me-posted:too-young') {
    return fields?.map((f) => (f.name === 'age' ? { ...f, optional: false } : f));
  }
  return fields;
}

/** The title of each step of a form in steps (src/forms/steps.ts lists their fields). */
export const FORM_STEP_TITLES: Record<string, { nl: string; en: string }[]> = {
  'sign-up': [
    { nl: 'Over jou', en: 'About you' },
    { nl: 'Contact en akkoord', en: 'Contact and consent' },
  ],
};

export function label(spec: FieldSpec, locale: Locale): string {
  return spec.label[locale];
}
