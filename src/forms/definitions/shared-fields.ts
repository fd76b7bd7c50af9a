// Fields several forms ask in the same words, with the labels the notification mail gives
// their answers. A form may still word a field its own way (`{ ...message, label }`).
import type { FieldSpec } from './types';

export const name: FieldSpec = { name: 'name', type: 'text', label: { nl: 'Naam', en: 'Name' }, autoComplete: 'name' };
export const email: FieldSpec = { name: 'email', type: 'email', label: { nl: 'E-mailadres', en: 'Email address' }, autoComplete: 'email' };
export const phone: FieldSpec = { name: 'phone', type: 'tel', label: { nl: 'Telefoonnummer', en: 'Phone number' }, autoComplete: 'tel' };
export const organisation: FieldSpec = { name: 'organisation', type: 'text', label: { nl: 'Organisatie', en: 'Organisation' }, optional: true, autoComplete: 'organization' };
export const message: FieldSpec = { name: 'message', type: 'textarea', label: { nl: 'Je bericht', en: 'Your message' }, mailLabel: { nl: 'Bericht', en: 'Message' } };
export const privacy: FieldSpec = {
  name: 'privacy',
  type: 'checkbox',
  label: { nl: 'Ik ga akkoord met het privacybeleid van Stichting Join Us.', en: 'I agree to the privacy policy of Stichting Join Us.' },
  mailLabel: { nl: 'Akkoord met het privacybeleid', en: 'Agreed to the privacy policy' },
};
