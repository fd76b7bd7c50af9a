// The account forms' rules: log in, register, forgot and reset password, change password and
// sending the email confirmation again. Whether a password is right is Strapi's to say; here
// only what can be checked before asking it.
import { z } from 'zod';
import type { Locale } from '../../../i18n/locale';
import { translator, type Translate } from '../../../forms/messages/index';
import { requiredEmail, requiredText } from '../../../forms/schemas/fields';

/** Users-permissions' own minimum (its register and reset refuse shorter ones). */
export const PASSWORD_MIN = 6;
const PASSWORD_MAX = 128;

/** A password as typed: never trimmed, a space is a character. */
function password(t: Translate, min = 1) {
  return z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string({ error: t('password.missing') })
      .min(min, { error: t('password.tooShort', { min }) })
      .max(PASSWORD_MAX, { error: t('text.tooLong', { max: PASSWORD_MAX }) }),
  );
}

/** A new password, typed twice. */
function newPassword<T extends z.ZodRawShape>(t: Translate, shape: T) {
  return z
    .object({ ...shape, password: password(t, PASSWORD_MIN), passwordConfirmation: password(t) })
    .refine((v) => (v as { password: unknown }).password === (v as { passwordConfirmation: unknown }).passwordConfirmation, { path: ['passwordConfirmation'], error: t('password.mismatch') });
}

export const loginSchema = (locale: Locale) => {
  const t = translator(locale);
  return z.object({ email: requiredEmail(t), password: password(t) });
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
  return newPassword(t, { currentPassword: password(t) });
};
