// The account forms. They store nothing of their own: each is one call to the content
// service's users-permissions (server/features/accounts/account-hooks.ts), which answers with a session
// or with a reason the page shows in plain words.
import { z } from 'zod';
import type { Locale } from '../../../i18n/locale';
import { translator, type Translate } from '../../../forms/messages/index';
import { requiredEmail, requiredText, whenFieldsParsed } from '../../../forms/fields/fields';
import { email } from '../../../forms/definitions/shared-fields';
import type { FieldSpec, FormDefinition } from '../../../forms/definitions/types';

/** Users-permissions' own minimum (its register and reset refuse shorter ones). */
export const PASSWORD_MIN = 6;
const PASSWORD_MAX = 128;

/** A password as typed: never trimmed, a space is a character. */
function passwordRule(t: Translate, min = 1) {
  return z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string({ error: t('password.missing') })
      .min(min, { error: t('password.tooShort', { min }) })
      .max(PASSWORD_MAX, { error: t('text.tooLong', { max: PASSWORD_MAX }) }),
  );
}

/** A new password, typed twice. The second field says something of its own only once the first
 * is right: typed again differently, or not yet; an empty or short first password is that
 * field's problem alone, not said twice. */
function newPassword<T extends z.ZodRawShape>(t: Translate, shape: T) {
  const again = z.preprocess((v) => (v === '' ? undefined : v), z.string().max(PASSWORD_MAX, { error: t('text.tooLong', { max: PASSWORD_MAX }) }).optional());
  return z.object({ ...shape, password: passwordRule(t, PASSWORD_MIN), passwordConfirmation: again }).superRefine(
    (form, ctx) => {
      const { password, passwordConfirmation } = form as { password: string; passwordConfirmation?: string };
      if (passwordConfirmation === password) return;
      const message = passwordConfirmation === undefined ? t('password.repeatMissing') : t('password.mismatch');
      ctx.addIssue({ code: 'custom', path: ['passwordConfirmation'], message, input: form });
    },
    { when: whenFieldsParsed('password', 'passwordConfirmation') },
  );
}

export const loginSchema = (locale: Locale) => {
  const t = translator(locale);
  return z.object({ email: requiredEmail(t), password: passwordRule(t) });
};

export const registerSchema = (locale: Locale) => {
  const t = translator(locale);
  return newPassword(t, { username: requiredText(t, 'username.missing', 60), email: requiredEmail(t) });
};

export const emailOnlySchema = (locale: Locale) => z.object({ email: requiredEmail(translator(locale)) });

export const resetPasswordSchema = (locale: Locale) => {
  const t = translator(locale);
  return newPassword(t, { code: requiredText(t, 'code.missing', 256) });
};

export const changePasswordSchema = (locale: Locale) => {
  const t = translator(locale);
  return newPassword(t, { currentPassword: passwordRule(t) });
};

const password = (autoComplete: 'current-password' | 'new-password'): FieldSpec => ({
  name: 'password',
  type: 'password',
  label: autoComplete === 'new-password' ? { nl: 'Nieuw wachtwoord', en: 'New password' } : { nl: 'Wachtwoord', en: 'Password' },
  autoComplete,
});
const passwordConfirmation: FieldSpec = { name: 'passwordConfirmation', type: 'password', label: { nl: 'Herhaal het nieuwe wachtwoord', en: 'Repeat the new password' }, autoComplete: 'new-password', repeats: 'password' };
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
