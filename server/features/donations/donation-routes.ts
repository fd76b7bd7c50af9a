// The donation endpoints beside the form post: the provider's webhook, the status page the
// donor returns to, and (without Mollie keys) the built-in test checkout's page.
import { LOCALES } from '../../../src/i18n/locale';
import { pathOf } from '../../../src/routing/path-table';
import { DONATION_REPLICA_PATH, DONATION_WEBHOOK_PATH } from '../../../src/routing/endpoints';
import { pathTo } from '../../../src/routing/path-to';
import express, { type Request, type Router } from 'express';
import type { Logger } from 'pino';
import { fromOwnOrigin } from '../../forms/origin-check';
import { refusalLocale, refused, REFUSALS } from '../../forms/refusal';
import { t } from '../../../src/i18n/intl';
import { redirect, text, type Answer } from '../../pages/answer';
import type { SendAnswer } from '../../pages/answer-writer';
import { type DonationActions } from './donation-service';
import { TEST_OUTCOMES, type TestCheckout, type TestOutcome } from './test-checkout';
import { testCheckoutPage } from './test-checkout-page';
import { limitedLog } from '../../http/warn-limit';

export type DonationRouteDeps = {
  service: DonationActions;
  /** Present when the built-in test checkout takes the provider's place. */
  testCheckout: TestCheckout | null;
  /** With replicas: where the others ask this one about its donations (donation-replicas.ts). */
  replicaRoutes?: Router | null;
  publicOrigin: string;
  stylesheets: string[];
  logger: Logger;
  /** Sends every answer (server/pages/answer-writer.ts). */
  send: SendAnswer;
};

// Mollie posts `id=tr_...` form-encoded; nothing else of the body is read.
const webhookBody = express.urlencoded({ extended: false, limit: '2kb', parameterLimit: 5 });

/** A test payment the checkout does not know (a made-up or an old address): a page of the site
 * that says so, in the visitor's language, with the way back to the donation form. */
function unknownTestPayment(req: Request): Answer {
  const locale = refusalLocale(req);
  const title = t(locale, 'testCheckout.notFound');
  return {
    kind: 'document', status: 404, locale,
    page: { title, heading: title, paragraphs: [t(locale, 'testCheckout.notFoundBody')], home: 'link', next: { href: pathTo('doneren', locale), label: t(locale, 'testCheckout.toDonate') } },
  };
}

/** The paths of these routes (and the replicas') that take a request body (server/http/body-admission.ts). */
export const DONATION_BODY_PATHS = [DONATION_WEBHOOK_PATH, DONATION_REPLICA_PATH, pathOf('doneren-testbetaling')] as const;

export function donationRoutes(deps: DonationRouteDeps): Router {
  const router = express.Router();
  const { service, logger } = deps;
  if (deps.replicaRoutes) router.use(deps.replicaRoutes);

  async function webhook(req: Request): Promise<Answer> {
    const id = (req.body as Record<string, unknown> | undefined)?.id;
    if (typeof id !== 'string' || id.length > 64) {
      limitedLog(logger, req.log).warn({}, 'donation webhook without a payment id; ignored');
      return text(200, 'ok');
    }
    try {
      const outcome = await service.webhook(id);
      return text(200, outcome === 'unknown' ? 'unknown' : 'ok');
    } catch (err) {
      // The provider tries again later: the payment could not be asked after now.
      limitedLog(logger, req.log).error({ err, payment: id }, 'donation webhook failed; the provider will retry');
      return text(503, 'try again');
    }
  }
  router.post(DONATION_BODY_PATHS[0], webhookBody, async (req, res) => deps.send(req, res, await webhook(req)));

  for (const path of new Set(LOCALES.map((locale) => pathTo('doneren-bedankt', locale)))) {
    router.get(path, async (req, res) => {
      // The id names the donation; what became of it is read from the store and the provider.
      const donation = await service.view(req.query.donatie);
      const formState = donation.retry ? { form: 'donation', values: donation.retry, errors: {}, formErrors: [] } : undefined;
      return deps.send(req, res, {
        kind: 'page', path, status: 200, personal: true, state: { donation, formState },
        // The address names a donation: other sites never see it in a Referer (same-origin still
        // sends this site's Origin with the retry form's post; no-referrer would send "null").
        headers: { 'Referrer-Policy': 'same-origin' },
      });
    });
  }

  const checkout = deps.testCheckout;
  if (checkout) {
    router.get(pathOf('doneren-testbetaling'), async (req, res) => {
      const payment = await checkout.payment(req.params.id ?? '');
      return deps.send(req, res, payment ? { kind: 'html', status: 200, html: testCheckoutPage(payment, deps.stylesheets) } : unknownTestPayment(req));
    });

    const pay = async (req: Request): Promise<Answer> => {
      if (!fromOwnOrigin(req, deps.publicOrigin)) return refused(req, REFUSALS.origin);
      const outcome = (req.body as Record<string, unknown>).outcome;
      const payment = await checkout.payment(String(req.params.id ?? ''));
      if (!payment || !TEST_OUTCOMES.includes(outcome as TestOutcome)) return refused(req, REFUSALS.badRequest);
      await checkout.complete(payment.id, outcome as TestOutcome);
      // Mollie calls the webhook on every status change (an open payment stays quiet).
      if (outcome !== 'open') await callWebhook(payment.webhookUrl, payment.id, service, logger);
      return redirect(303, payment.redirectUrl);
    };
    router.post(DONATION_BODY_PATHS[2], express.urlencoded({ extended: false, limit: '2kb', parameterLimit: 5 }), async (req, res) => deps.send(req, res, await pay(req)));
  }
  return router;
}

/**
 * The webhook as Mollie calls it: a POST of the id to the webhook URL, through the site's own
 * route. When that address cannot be reached from here (a public origin behind a proxy, a test
 * without a listening server), the same handler is called in-process.
 */
async function callWebhook(url: string, paymentId: string, service: DonationActions, logger: Logger): Promise<void> {
  try {
    const res = await fetch(url, { method: 'POST', body: new URLSearchParams({ id: paymentId }), signal: AbortSignal.timeout(5_000) });
    if (res.ok) return;
    logger.warn({ status: res.status, payment: paymentId }, 'test checkout: webhook answered an error; handled in-process');
  } catch {
    logger.info({ payment: paymentId }, 'test checkout: webhook URL not reachable from here; handled in-process');
  }
  try {
    await service.webhook(paymentId);
  } catch (err) {
    // The replica holding the donation is away: it settles the payment from the test checkout's
    // record when the donor's status page or the next webhook reaches it.
    logger.warn({ err, payment: paymentId }, 'test checkout: the webhook could not be handled now; the donation is settled on its next look');
  }
}
