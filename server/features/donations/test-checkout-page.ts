// The built-in test checkout's one page: the amount and description of the payment, and the
// outcomes Mollie's test mode offers. Plain HTML with the site's stylesheets, no script.
import { pathTo } from '../../../src/routing/path-to';
import { formatEuro } from '../../../src/features/donations/money';
import { t } from '../../../src/i18n/intl';
import type { Locale } from '../../../src/i18n/locale';
import { TEST_OUTCOMES } from './test-checkout';

type PagePayment = { id: string; status: string; amountCents: number; description: string; redirectUrl: string; locale: 'nl_NL' | 'en_GB' };

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function testCheckoutPage(payment: PagePayment, stylesheets: readonly string[]): string {
  const locale: Locale = payment.locale === 'en_GB' ? 'en' : 'nl';
  const text = (key: Parameters<typeof t>[1]) => escapeHtml(t(locale, key));
  const links = stylesheets.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`).join('');
  const facts =
    `<dl class="payment-facts"><dt>${text('testCheckout.amount')}</dt><dd>${escapeHtml(formatEuro(payment.amountCents, locale))}</dd>` +
    `<dt>${text('testCheckout.description')}</dt><dd>${escapeHtml(payment.description)}</dd></dl>`;
  const body =
    payment.status === 'open'
      ? `<form class="site-form" method="post" action="${escapeHtml(pathTo('doneren-testbetaling', 'nl', { id: payment.id }))}">` +
        `<fieldset class="form-field form-field-choice"><legend class="form-label">${text('testCheckout.outcome')}</legend><div class="form-choices">` +
        TEST_OUTCOMES.map(
          (outcome, i) =>
            `<label class="form-choice" for="outcome-${outcome}"><input type="radio" id="outcome-${outcome}" name="outcome" value="${outcome}"${i === 0 ? ' checked' : ''}><span>${text(`testCheckout.${outcome}`)}</span></label>`,
        ).join('') +
        `</div></fieldset><div class="form-actions"><button type="submit" class="button button-primary">${text('testCheckout.submit')}</button></div></form>`
      : `<p>${text('testCheckout.done')}</p><p><a class="button button-primary" href="${escapeHtml(payment.redirectUrl)}">${text('testCheckout.submit')}</a></p>`;
  return (
    `<!DOCTYPE html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${text('testCheckout.title')} | Join Us</title><meta name="robots" content="noindex"><link rel="icon" href="/favicon.svg" type="image/svg+xml">${links}</head><body>` +
    `<main id="main" class="payment-page"><h1>${text('testCheckout.title')}</h1><p class="payment-notice">${text('testCheckout.notice')}</p>${facts}${body}</main></body></html>`
  );
}
