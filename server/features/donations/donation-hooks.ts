// The donation form through the form pipeline: a valid donation is stored and given a payment
// before the visitor leaves for the checkout. With JavaScript the answer names the checkout
// (the browser goes there); without, a 303 to it, which the CSP's form-action allows (this
// site, or exactly the provider's checkout origin); a checkout elsewhere gets a page of this
// site with a link, as a form post may not be redirected there.
import { createHash } from 'node:crypto';
import type { Response } from 'express';
import type { DonationActions } from './donation-service';
import type { DonationForm } from '../../../src/features/donations/forms/donation';
import { t } from '../../../src/i18n/intl';
import type { Locale } from '../../../src/i18n/locale';
import { errorDocument } from '../../pages/error-document';
import type { FormHooks, FormPost } from '../../forms/form-post';
import { formAgain } from '../../forms/form-again';
import { readFormBody } from '../../forms/read-body';
import { wantsJson } from '../../forms/refusal';
import { CACHE } from '../../http/cache-policies';
import { limitedLog } from '../../http/warn-limit';

/**
 * The filled-in form, across a double click: the browser's key with JavaScript; without, the
 * same answers on the same rendering of the form (its signed time stamp), so trying again from
 * a fresh form after a failed payment is a new donation.
 */
function idempotencyKey(fields: Record<string, string>, form: DonationForm): string {
  if (/^[\w-]{8,64}$/.test(fields._sid ?? '')) return `sid:${fields._sid}`;
  return `answers:${createHash('sha256').update(JSON.stringify([form, fields._ts ?? ''])).digest('hex')}`;
}

/** Donations and their payment provider; absent: a donation post is answered "not possible now". */
export type DonationHookDeps = { service: DonationActions; checkoutOrigin: string | null };

export function donationHooks(donations: DonationHookDeps | undefined): FormHooks {
  return {
    readBody: readFormBody,
    input: ({ fields }) => fields,

    async accept(post, data) {
      const { req, res, deps, locale, fields } = post;
      const form = data as DonationForm;
      let checkoutUrl: string;
      try {
        if (!donations) throw new Error('donations are not configured');
        ({ checkoutUrl } = await donations.service.start({ key: idempotencyKey(fields, form), form, locale }));
      } catch (err) {
        // Once per post while the provider is down: the first line, then a count a minute.
        limitedLog(deps.logger, req.log).error({ err }, 'donation could not be started');
        return unavailable(post);
      }
      if (wantsJson(req)) return void res.set('Cache-Control', CACHE.noStore).json({ ok: true, redirect: checkoutUrl });
      const origin = new URL(checkoutUrl).origin;
      if (origin === deps.publicOrigin || origin === donations.checkoutOrigin) return void res.redirect(303, checkoutUrl);
      sendBridge(res, checkoutUrl, locale, deps.stylesheets);
    },
  };
}

/** The payment could not be made (no provider, the provider down): the form again, with the
 * reason, and a fresh stamp: sent again, it is a new try (idempotencyKey). */
async function unavailable(post: FormPost): Promise<void> {
  const { req, res, deps, locale } = post;
  const message = t(locale, 'donation.unavailable');
  if (wantsJson(req)) return void res.status(503).set('Cache-Control', CACHE.noStore).json({ ok: false, message, errors: {}, formErrors: [] });
  await deps.renderPage(req, res, formAgain(post, {}, { status: 503, formErrors: [message], stamp: 'fresh' }));
}

function sendBridge(res: Response, url: string, locale: Locale, stylesheets: string[]): void {
  const label = t(locale, 'donation.toCheckout');
  const page = { title: label, heading: label, paragraphs: [t(locale, 'donation.toCheckoutIntro')], home: 'link' as const, next: { href: url, label } };
  res.status(200).set('Cache-Control', CACHE.noStore).type('html').send(errorDocument(page, stylesheets, locale));
}
