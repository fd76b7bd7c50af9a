// One replica asking the replica that holds a donation, over HTTP on their internal network:
// what a webhook for its payment means, what its status page shows, or (the same filled-in form
// posted twice, each post to another replica) where its checkout is. The question is signed
// with FORM_SECRET (which every replica shares), a time and a nonce, so no one else can ask and
// a copied question cannot be asked again (the owner remembers each nonce while the signature
// is valid), and the owner answers from its own store only: a forwarded question is never
// forwarded again. The proxy in front never passes this address on (deploy/varnish/vcl.ts).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { DONATION_REPLICA_PATH } from '../../../src/routing/endpoints';
import { DONATION_VIEW_STATES, type DonationView } from '../../../src/routing/donation-view';
import { DONATION_FREQUENCIES, DONOR_TYPES, type DonationForm } from '../../../src/features/donations/forms/donation';
import { LOCALES } from '../../../src/i18n/locale';

export const REPLICA_SIGNATURE_HEADER = 'x-joinus-replica-signature';
/** A signed question older (or newer) than this is refused. */
const MAX_SKEW_MS = 60_000;
/** How long a question's nonce is remembered: as long as its signature can be valid. */
export const NONCE_KEEP_MS = 2 * MAX_SKEW_MS;
const NONCE = /^[A-Za-z0-9_-]{22}$/;
/** The owner asks the payment provider at most once for an answer; more than this is an owner not answering. */
const ANSWER_TIMEOUT_MS = 8_000;

/** The shape of a donation form as the asking replica validated it; the owner checks it again
 * with the form's own schema before it stores anything (donation-replicas.ts). */
const validForm = z.object({
  donateAs: z.enum(DONOR_TYPES),
  firstname: z.string().max(500),
  lastname: z.string().max(500),
  email: z.string().max(500),
  organisation: z.string().max(500).optional(),
  frequency: z.enum(DONATION_FREQUENCIES),
  newsletter: z.boolean(),
  terms: z.literal(true),
  amountCents: z.number().int().positive(),
}) satisfies z.ZodType<DonationForm>;

export const replicaQuestion = z.discriminatedUnion('ask', [
  z.object({ ask: z.literal('webhook'), paymentId: z.string().max(64) }),
  z.object({ ask: z.literal('view'), donationId: z.string().max(64) }),
  z.object({ ask: z.literal('start'), key: z.string().max(200), form: validForm, locale: z.enum(LOCALES) }),
]);
export type ReplicaQuestion = z.infer<typeof replicaQuestion>;

const startAnswer = z.object({ checkoutUrl: z.url({ protocol: /^https?$/ }) });
const webhookAnswer = z.object({ outcome: z.enum(['updated', 'unchanged', 'unknown']) });
const viewAnswer = z.object({
  state: z.enum(DONATION_VIEW_STATES),
  frequency: z.enum(['once', 'monthly', 'yearly']).optional(),
  amountCents: z.number().int().positive().optional(),
  retry: z.record(z.string(), z.string()).optional(),
}) satisfies z.ZodType<DonationView>;

// A key of its own, so no other signature made with FORM_SECRET (a form stamp, a login state) passes here.
const signature = (secret: string, at: number, nonce: string, body: string) => createHmac('sha256', `donation-replica:${secret}`).update(`${at}.${nonce}.${body}`).digest('base64url');

/** `<time>.<nonce>.<signature>` of `body`: a new nonce for every question. */
export function signQuestion(secret: string, body: string, now = Date.now(), nonce = randomBytes(16).toString('base64url')): string {
  return `${now}.${nonce}.${signature(secret, now, nonce, body)}`;
}

/** The question's nonce when `header` signs `body` with this secret, made within the allowed
 * skew of `now`; null otherwise. Whether the nonce was used before is the owner's to check. */
export function verifyQuestion(secret: string, header: string | undefined, body: string, now = Date.now()): string | null {
  const [at, nonce, given, ...more] = (header ?? '').split('.');
  const time = Number(at);
  if (!given || !nonce || more.length > 0 || !NONCE.test(nonce) || !Number.isSafeInteger(time) || Math.abs(now - time) > MAX_SKEW_MS) return null;
  const a = Buffer.from(given);
  const b = Buffer.from(signature(secret, time, nonce, body));
  return a.length === b.length && timingSafeEqual(a, b) ? nonce : null;
}

/** Fails when the owner cannot be reached, does not answer in time, or answers an error. */
async function ask(owner: string, secret: string, question: ReplicaQuestion): Promise<unknown> {
  const body = JSON.stringify(question);
  const reply = await fetch(new URL(DONATION_REPLICA_PATH, owner), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', [REPLICA_SIGNATURE_HEADER]: signQuestion(secret, body) },
    body,
    redirect: 'error',
    signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
  });
  if (!reply.ok) throw new Error(`the replica holding the donation answered ${reply.status}`);
  return reply.json();
}

export type OwnerClient = {
  start(owner: string, input: { key: string; form: DonationForm; locale: (typeof LOCALES)[number] }): Promise<{ checkoutUrl: string }>;
  webhook(owner: string, paymentId: string): Promise<z.infer<typeof webhookAnswer>['outcome']>;
  view(owner: string, donationId: string): Promise<DonationView>;
};

export function ownerClient(secret: string): OwnerClient {
  return {
    start: async (owner, input) => startAnswer.parse(await ask(owner, secret, { ask: 'start', ...input })),
    webhook: async (owner, paymentId) => webhookAnswer.parse(await ask(owner, secret, { ask: 'webhook', paymentId })).outcome,
    view: async (owner, donationId) => viewAnswer.parse(await ask(owner, secret, { ask: 'view', donationId })),
  };
}
