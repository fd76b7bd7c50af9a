// One way to refuse a form post (wrong origin, too many tries, not readable, no person behind
// it): a short page a person can read, in their language, or JSON for the enhanced form.
// Nothing the visitor typed is lost: the page says to go back, where the browser still has the
// form as it was.
import type { Request } from 'express';
import { t } from '../../src/i18n/intl';
import { splitLocale, type Locale } from '../../src/i18n/locale';
import type { MessageKey } from '../../src/i18n/messages';
import { either, json, type Answer } from '../pages/answer';

export type Refusal = { status: number; title: MessageKey; message: MessageKey };

export const REFUSALS = {
  origin: { status: 403, title: 'refusal.notSent', message: 'refusal.origin' },
  rateLimited: { status: 429, title: 'refusal.wait', message: 'refusal.rateLimited' },
  bot: { status: 400, title: 'refusal.notSent', message: 'refusal.bot' },
  captcha: { status: 400, title: 'refusal.notSent', message: 'refusal.captcha' },
  badRequest: { status: 400, title: 'refusal.notSent', message: 'refusal.badRequest' },
  tooSlow: { status: 408, title: 'refusal.notSent', message: 'refusal.tooSlow' },
  eventPast: { status: 410, title: 'refusal.notSent', message: 'refusal.eventPast' },
  eventUnknown: { status: 422, title: 'refusal.notSent', message: 'refusal.eventUnknown' },
} satisfies Record<string, Refusal>;

/**
 * The visitor's language: the form's own `_locale` when the body was read, else the page the
 * post came from (an English page lives under /en).
 */
export function refusalLocale(req: Request, fields?: Readonly<Record<string, string>>): Locale {
  const field = fields?._locale ?? (req.body as Record<string, unknown> | undefined)?._locale;
  if (field === 'en' || field === 'nl') return field;
  try {
    return splitLocale(new URL(req.get('referer') ?? '/', 'http://site').pathname).locale;
  } catch {
    return 'nl';
  }
}

/** The refusal as an answer: JSON for the enhanced form, a short page of the site without it. */
export function refused(req: Request, refusal: Refusal, fields?: Readonly<Record<string, string>>): Answer {
  const locale = refusalLocale(req, fields);
  const title = t(locale, refusal.title);
  const paragraphs = [t(locale, refusal.message), t(locale, 'refusal.goBack')];
  return either(json(refusal.status, { ok: false, message: t(locale, refusal.message) }), { kind: 'document', status: refusal.status, locale, page: { title, heading: title, paragraphs, home: 'link' } });
}
