// The account forms. They store nothing of their own: each is one call to the content
// service's users-permissions (server/features/accounts/account-hooks.ts), which answers with a session
// or with a reason the page shows in plain words.
import { changePasswordSchema, emailOnlySchema, loginSchema, registerSchema, resetPasswordSchema } from './accounts-schema';
import { email } from '../../../forms/definitions/shared-fields';
import type { FieldSpec, FormDefinition } from '../../../forms/definitions/types';

const password = (autoComplete: 'current-password' | 'new-password'): FieldSpec => ({
  name: 'password',
  type: 'password',
  label: autoComplete === 'new-password' ? { nl: 'Nieuw wachtwoord', en: 'New password' } : { nl: 'Wachtwoord', en: 'Password' },
  autoComplete,
});
const passwordConfirmation: FieldSpec = { name: 'passwordConfirmation', type: 'password', label: { nl: 'Herhaal het nieuwe wachtwoord', en: 'Repeat the new password' }, autoComplete: 'new-password' };
const username: FieldSpec = { name: 'username', type: 'text', label: { nl: 'Gebruikersnaam', en: 'User name' }, autoComplete: 'username' };

/** What every account form shares: no collection of its own, the account hooks, a captcha. */
const account = { collection: 'users-permissions', captcha: 'on-submit', rateLimit: 'form-posts', hooks: 'account' } as const;

export const login: FormDefinition = { ...account, name: 'login', schema: loginSchema, fields: [{ ...email, autoComplete: 'username' }, password('current-password')] };

export const register: FormDefinition = {
  ...account,
  name: 'register',
  schema: registerSchema,
  fields: [username, email, { ...password('new-password'), label: { nl: 'Wachtwoord', en: 'Password' } }, { ...passwordConfirmation, label: { nl: 'Herhaal het wachtwoord', en: 'Repeat the password' } }],
};

export const forgotPassword: FormDefinition = { ...account, name: 'forgot-password', schema: emailOnlySchema, fields: [email] };

export const resetPassword: FormDefinition = {
  ...account,
  name: 'reset-password',
  schema: resetPasswordSchema,
  fields: [{ name: 'code', type: 'text', label: { nl: 'Herstelcode (uit de link in je mail)', en: 'Reset code (from the link in your mail)' }, autoComplete: 'one-time-code' }, password('new-password'), passwordConfirmation],
};

export const changePassword: FormDefinition = {
  ...account,
  name: 'change-password',
  schema: changePasswordSchema,
  fields: [{ ...password('current-password'), name: 'currentPassword', label: { nl: 'Huidig wachtwoord', en: 'Current password' } }, password('new-password'), passwordConfirmation],
};

export const resendConfirmation: FormDefinition = { ...account, name: 'resend-confirmation', schema: emailOnlySchema, fields: [email] };

export const ACCOUNT_FORMS = [login, register, forgotPassword, resetPassword, changePassword, resendConfirmation];
