// Asking the provider what became of a payment, shared by everyone who asks. The payment id is
// in the checkout address, so anyone can post it to the webhook or open its status page as
// often as they like; each of those must not be a call to Mollie. Per payment:
// - askers at the same time share the call in flight;
// - an answer is reused while it is recent enough for the asker: a webhook wants one asked
//   after it arrived (it says "something changed"), the status page one of a few seconds;
// - a final status (paid, failed, canceled, expired) never changes and is kept for long;
// - at most `burst` calls at once, then one per `everyMs` (a GCRA pace): an asker beyond that
//   gets the latest answer, marked not current, and `retryInMs` says when to look again.
import { LRUCache } from 'lru-cache';
import { FINAL_PAYMENT_STATUSES, type ProviderPayment } from './payment-gateway';

export type PaymentLookupSettings = {
  /** Calls for one payment that may go at once. */
  burst: number;
  /** After the burst, one call per this many ms for one payment. */
  everyMs: number;
  /** How old an answer the status page may show. */
  freshMs: number;
  /** How long a payment is remembered (a final status, the pace) after its last use. */
  keepMs: number;
  /** Payments remembered at most. */
  max: number;
};

export const PAYMENT_LOOKUP: PaymentLookupSettings = { burst: 2, everyMs: 5_000, freshMs: 5_000, keepMs: 30 * 60_000, max: 10_000 };

type Answer = { payment: ProviderPayment | null; askedAt: number };
type Entry = { answer?: Answer; inFlight?: { promise: Promise<Answer>; askedAt: number }; /** When the pace allows the next call with no burst left. */ tat: number };

/** `current`: asked after `since`, or final (nothing newer can be learnt). */
export type PaymentAnswer = { payment: ProviderPayment | null; current: boolean };
export type PaymentLookup = ReturnType<typeof createPaymentLookup>;

const isFinal = (a: Answer) => a.payment !== null && FINAL_PAYMENT_STATUSES.includes(a.payment.status);

export function createPaymentLookup(getPayment: (id: string) => Promise<ProviderPayment | null>, options: Partial<PaymentLookupSettings> = {}, now = () => performance.now()) {
  const s = { ...PAYMENT_LOOKUP, ...options };
  const entries = new LRUCache<string, Entry>({ max: s.max, ttl: s.keepMs, updateAgeOnGet: true });
  const mayCall = (e: Entry, t: number) => e.tat - t <= (s.burst - 1) * s.everyMs;

  function call(id: string, e: Entry, t: number): Promise<Answer> {
    e.tat = Math.max(e.tat, t) + s.everyMs;
    const promise = getPayment(id)
      .then((payment) => {
        const answer = { payment, askedAt: t };
        // Two calls may overlap: the later question's answer wins.
        if (!e.answer || e.answer.askedAt <= t) e.answer = answer;
        return answer;
      })
      .finally(() => {
        if (e.inFlight?.promise === promise) e.inFlight = undefined;
      });
    e.inFlight = { promise, askedAt: t };
    return promise;
  }

  return {
    now,

    /** The payment as the provider knows it, asked at or after `since` when the pace allows (default: a status page's few seconds). */
    async get(id: string, since = now() - s.freshMs): Promise<PaymentAnswer> {
      const t = now();
      let e = entries.get(id);
      if (!e) entries.set(id, (e = { tat: 0 }));
      if (e.answer && (isFinal(e.answer) || e.answer.askedAt >= since)) return { payment: e.answer.payment, current: true };
      if (e.inFlight && e.inFlight.askedAt >= since) return { payment: (await e.inFlight.promise).payment, current: true };
      if (mayCall(e, t)) return { payment: (await call(id, e, t)).payment, current: true };
      // Asked enough for now: the latest word there is (the call in flight, else the last answer).
      let latest = e.answer;
      if (e.inFlight) {
        try {
          latest = await e.inFlight.promise;
        } catch (err) {
          if (!latest) throw err;
        }
      }
      if (!latest) throw new Error('the payment provider was asked about this payment just now, without an answer');
      return { payment: latest.payment, current: isFinal(latest) };
    },

    /** How long until the provider may be asked about this payment again. */
    retryInMs(id: string): number {
      const e = entries.get(id);
      return e ? Math.max(0, e.tat - (s.burst - 1) * s.everyMs - now()) : 0;
    },
  };
}
