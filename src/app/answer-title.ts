// A page that answers a form post says so first in its title, so the tab and a screen reader
// (which reads the title first) say what happened: the form again after a post without
// JavaScript ("Formulier onvolledig – Contact", "Stap 2 van 2 – Aanmelden"; the server names
// it, server/forms/form-again.ts), or the page a sent form returns to (`?verzonden={form}`).
import { t } from '../i18n/intl';
import type { Locale } from '../i18n/locale';
import type { Query } from '../routing/route-types';
import type { FormState } from '../routing/request-state';

export function answerTitle(title: string | null, locale: Locale, formState: FormState | undefined, query: Query): string | null {
  const happened = formState?.title ?? (typeof query.verzonden === 'string' && query.verzonden !== '' ? t(locale, 'formAnswer.sent') : null);
  if (!happened) return title;
  return title ? `${happened} – ${title}` : happened;
}
