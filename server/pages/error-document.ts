// The error screen as static HTML, for when React itself cannot render the page (a crash in
// rendering or before it) and for a refused form post, which needs no page of its own: the
// site's stylesheets, one heading, a few lines and a way home, no script needed.
import { pathTo } from '../../src/routing/path-to';
import { t } from '../../src/i18n/intl';
import type { Locale } from '../../src/i18n/locale';

export type ErrorDocument = {
  /** The tab's title, before "| Join Us". */
  title: string;
  heading: string;
  paragraphs?: readonly string[];
  /** A button in a GET form to the home page, as the rendered error screen has it, or a plain link. */
  home: 'button' | 'link';
  /** A link elsewhere in place of the way home (the step to a payment); not an alert then.
   * `now`: the browser follows it at once (a refresh), the link is there should it not. */
  next?: { href: string; label: string; now?: boolean };
};

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function errorDocument(page: ErrorDocument, stylesheets: readonly string[], locale: Locale = 'nl'): string {
  const links = stylesheets.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`).join('');
  const homeLabel = escapeHtml(t(locale, 'error.home'));
  const homePath = pathTo('home', locale);
  const home = page.next
    ? `<p><a class="button button-primary" href="${escapeHtml(page.next.href)}">${escapeHtml(page.next.label)}</a></p>`
    : page.home === 'button'
      ? `<form action="${homePath}" method="get"><button type="submit" class="button button-primary">${homeLabel}</button></form>`
      : `<p><a class="button button-primary" href="${homePath}">${homeLabel}</a></p>`;
  return (
    `<!DOCTYPE html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(page.title)} | Join Us</title><meta name="robots" content="noindex">` +
    (page.next?.now ? `<meta http-equiv="refresh" content="0;url=${escapeHtml(page.next.href)}">` : '') +
    `${links}</head><body>` +
    `<main id="main"><section class="error-screen"${page.next ? '' : ' role="alert"'}><h1>${escapeHtml(page.heading)}</h1>` +
    (page.paragraphs ?? []).map((p) => `<p>${escapeHtml(p)}</p>`).join('') +
    `${home}</section></main></body></html>`
  );
}

/** The page for an unexpected failure: the same heading and way home as the rendered one. */
export function staticErrorDocument(stylesheets: readonly string[], locale: Locale = 'nl'): string {
  return errorDocument({ title: t(locale, 'error.title'), heading: t(locale, 'error.heading'), home: 'button' }, stylesheets, locale);
}
