// The donation form through the form pipeline: a valid donation is stored and given a payment
// before the visitor leaves for the checkout. With JavaScript the answer names the checkout
// (the browser goes there); without, a 303 to it, which the CSP's form-action allows (this
// site, or exactly the provider's checkout origin); a checkout elsewhere gets a page of this
// site with a link, as a form post may not be redirected there.
import { createHash } from 'node:crypto';
import type { DonationActions } from './donation-service';
import type { DonationForm } from '../../../src/features/donations/forms/donation';
import { t } from '../../../src/i18n/intl';
import type { Locale } from '../../../src/i18n/locale';
import { either, json, redirect, type Answer } from '../../pages/answer';
import type { FormHooks, FormPost } from '../../forms/form-post';
import { answerNotSent } from '../../forms/form-answers';
import { readFormBody } from '../../forms/read-body';
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
      const { req, deps, locale, fields } = post;
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
      const origin = new URL(checkoutUrl).origin;
      const plain = origin === deps.publicOrigin || origin === donations.checkoutOrigin ? redirect(303, checkoutUrl) : bridge(checkoutUrl, locale);
      return either(json(200, { ok: true, redirect: checkoutUrl }), plain);
    },
  };
}

/** The payment could not be made (no provider, the provider down): the form again, with the
 * reason, and a fresh stamp: sent again, it is a new try (idempotencyKey). */
function unavailable(post: FormPost): Answer {
  const message = t(post.locale, 'donation.unavailable');
  return answerNotSent(post, message, 503, 'fresh');
}

/** A page of this site with the link to a checkout elsewhere: a form post may not be redirected there. */
function bridge(url: string, locale: Locale): Answer & { kind: 'document' } {
  const label = t(locale, 'donation.toCheckout');
  return { kind: 'document', status: 200, locale, page: { title: label, heading: label, paragraphs: [t(locale, 'donation.toCheckoutIntro')], home: 'link', next: { href: url, label } } };
}
