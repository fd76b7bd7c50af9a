// Donations over replicas. A donation's record stays in the SQLite of the replica that took the
// form (money is never only in a store that keeps nothing on disk); the shared store says which
// replica that is (donation-owners.ts). A webhook, a test-checkout completion, a status page or
// the same filled-in form posted again that reaches another replica is answered by the owner,
// asked over HTTP (replica-forward.ts), so the donation is settled and delivered once, by the
// one replica that holds it.
import express, { type Router } from 'express';
import type { Logger } from 'pino';
import { DONATION_REPLICA_PATH } from '../../../src/routing/endpoints';
import { answering, json, text } from '../../http/plain-answers';
import { limitedLog } from '../../http/warn-limit';
import type { DonationOwners } from './donation-owners';
import { DONATION_ID, type DonationActions, type DonationService, type DonationStart } from './donation-service';
import type { DonationStore } from './donation-store';
import { PAYMENT_ID } from './payment-gateway';
import { NONCE_KEEP_MS, ownerClient, REPLICA_SIGNATURE_HEADER, replicaQuestion, verifyQuestion, type ReplicaQuestion } from './replica-forward';
import { donationAnswers, donationSchema } from '../../../src/features/donations/forms/donation';
import type { SharedRecords } from '../../shared/records';

/** With replicas: where owners are recorded, and the secret every replica signs its questions with (FORM_SECRET). */
export type ReplicaSettings = { owners: DonationOwners; secret: string };

/** `local` answered from this replica's store where it holds the donation, else by its owner. */
export function routedDonations(local: DonationService, store: DonationStore, replicas: ReplicaSettings, logger: Logger): DonationActions {
  const { owners } = replicas;
  const client = ownerClient(replicas.secret);
  const limited = limitedLog(logger);
  const elsewhere = (owner: string | null) => (owner && owner !== owners.self ? owner : null);

  return {
    async start(input) {
      // A double click whose second post reaches another replica: the first one's checkout.
      // That replica away: a donation here (its own payment; the donor pays one, the other expires).
      const first = elsewhere(await owners.forForm(input.key));
      if (first) {
        try {
          return await client.start(first, input);
        } catch (err) {
          limited.warn({ err, owner: first }, 'the replica that took this form first did not answer; the donation is made here');
        }
      }
      return startHere(local, owners, input);
    },

    // Fails when the shared store or the owner does not answer: the webhook answers 503 and the
    // provider tries again later. No owner recorded: as with one replica ("unknown").
    async webhook(paymentId) {
      if (!PAYMENT_ID.test(paymentId) || store.byPayment(paymentId)) return local.webhook(paymentId);
      const owner = elsewhere(await owners.ofPayment(paymentId));
      if (!owner) return local.webhook(paymentId);
      limited.info({ payment: paymentId, owner }, 'donation webhook passed to the replica holding the donation');
      return client.webhook(owner, paymentId);
    },

    // The owner away: "still being processed" (the content's pending text), never an error; the
    // owner settles the donation from its own record on the next webhook or visit.
    async view(id) {
      if (typeof id !== 'string' || !DONATION_ID.test(id) || store.get(id)) return local.view(id);
      try {
        const owner = elsewhere(await owners.ofDonation(id));
        return owner ? await client.view(owner, id) : await local.view(id);
      } catch (err) {
        limited.warn({ err, donation: id }, 'the replica holding a donation did not answer; its status page says it is being processed');
        return { state: 'pending' };
      }
    },
  };
}

/**
 * The donation made (or found) in this replica's store, and this replica named its owner before
 * the donor leaves for the checkout: when that cannot be recorded, the donor hears "not possible
 * now" and tries again (the same donation and payment), rather than paying for a donation whose
 * webhook no other replica could place.
 */
async function startHere(local: DonationService, owners: DonationOwners, input: DonationStart): Promise<{ checkoutUrl: string }> {
  const started = await local.start(input);
  await owners.hold(started.donation.id, started.donation.paymentId);
  return { checkoutUrl: started.checkoutUrl };
}

/**
 * The owner's side: a signed question from another replica, answered from this replica's own
 * store (`local`, which never asks further, so a question cannot go round). Unsigned, badly
 * signed or asked before (its nonce in `used`: the shared store, so on any replica): 403. A
 * form to start is checked with the form's own schema first, as if the donor had sent it here:
 * the owner stores nothing the form would refuse, whoever signed it.
 */
export function replicaRoutes(local: DonationService, replicas: ReplicaSettings, used: SharedRecords, logger: Logger): Router {
  const router = express.Router();
  const limited = limitedLog(logger);
  router.post(
    DONATION_REPLICA_PATH,
    express.text({ type: 'application/json', limit: '2kb' }),
    answering(async (req) => {
      const body = typeof req.body === 'string' ? req.body : '';
      const nonce = verifyQuestion(replicas.secret, req.get(REPLICA_SIGNATURE_HEADER), body);
      if (!nonce) {
        limited.warn({}, 'donation question without a valid replica signature; refused');
        return text(403, 'forbidden');
      }
      if (!(await used.claim(`replica-question:${nonce}`, '1', NONCE_KEEP_MS))) {
        limited.warn({}, 'donation question asked before (its nonce was used); refused');
        return text(403, 'forbidden');
      }
      let question;
      try {
        question = replicaQuestion.safeParse(JSON.parse(body));
      } catch {
        question = null;
      }
      if (!question?.success) return text(400, 'bad request');
      const q = question.data;
      try {
        if (q.ask === 'webhook') return json(200, { outcome: await local.webhook(q.paymentId) });
        if (q.ask === 'start') {
          const start = checkedStart(q);
          if (!start) {
            limited.warn({}, 'donation to start from a replica that its form would refuse; refused');
            return text(400, 'bad request');
          }
          return json(200, await startHere(local, replicas.owners, start));
        }
        return json(200, await local.view(q.donationId));
      } catch (err) {
        limited.error({ err, ask: q.ask }, 'donation question from a replica failed; it tries again later');
        return text(503, 'try again');
      }
    }),
  );
  return router;
}

/** The donation to start as the form's own schema reads it, or null when the form would refuse it. */
function checkedStart(q: Extract<ReplicaQuestion, { ask: 'start' }>): DonationStart | null {
  const form = donationSchema(q.locale).safeParse(donationAnswers(q.form, q.locale));
  return form.success ? { key: q.key, form: form.data, locale: q.locale } : null;
}
