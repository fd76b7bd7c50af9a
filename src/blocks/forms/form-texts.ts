import type { Locale } from '../../i18n/locale';

/** Texts around the fields; the validation messages come from src/forms/messages. */
export const FORM_TEXTS = {
  nl: { submit: 'Versturen', sending: 'Bezig met versturen…', optional: '(niet verplicht)', uploading: 'Uploaden: {percent}%', honeypot: 'Laat dit veld leeg', next: 'Volgende stap', previous: 'Vorige stap', step: 'Stap {step} van {total}' },
  en: { submit: 'Send', sending: 'Sending…', optional: '(optional)', uploading: 'Uploading: {percent}%', honeypot: 'Leave this field empty', next: 'Next step', previous: 'Previous step', step: 'Step {step} of {total}' },
} satisfies Record<Locale, Record<string, string>>;
