// A Mollie-shaped HTTPS server for the real adapter (the official client pointed at it through
// its `apiEndpoint` option): payments, customers, mandates and subscriptions, with Mollie's
// idempotency (the same Idempotency-Key answers the first answer) and Mollie's 404 body. A
// test moves a payment on with `settle`, as a bank would, and reads the requests it got.
//
// HTTPS because the client only speaks it: it pins its own bundle of public root certificates,
// so a test using this server must also set NODE_TLS_REJECT_UNAUTHORIZED=0 for its process
// (the certificate in fixtures/ is self-signed for 127.0.0.1).
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

type Json = Record<string, unknown>;
export type FakeRequest = { method: string; path: string; body: Json | null; idempotencyKey: string | undefined; auth: string | undefined };

const id = (prefix: string) => `${prefix}_${randomBytes(6).toString('hex')}`;

export async function startFakeMollie() {
  const payments = new Map<string, Json>();
  const customers = new Map<string, Json>();
  const mandates = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const answered = new Map<string, { status: number; body: Json }>();
  const requests: FakeRequest[] = [];
  let base = '';

  const notFound = (what: string) => ({ status: 404, body: { status: 404, title: 'Not Found', detail: `No ${what} exists with this id`, _links: { documentation: { href: 'https://docs.mollie.com/errors', type: 'text/html' } } } });

  function handle(method: string, path: string, body: Json | null): { status: number; body: Json } {
    let m: RegExpExecArray | null;
    if (method === 'POST' && path === '/v2/payments') {
      const pid = id('tr');
      const payment: Json = {
        resource: 'payment', id: pid, mode: 'test', createdAt: new Date().toISOString(), status: 'open', isCancelable: false,
        amount: body?.amount, description: body?.description, method: null, metadata: body?.metadata ?? null, locale: body?.locale,
        profileId: 'pfl_fake', sequenceType: body?.sequenceType ?? 'oneoff', redirectUrl: body?.redirectUrl, webhookUrl: body?.webhookUrl,
        ...(body?.customerId ? { customerId: body.customerId } : {}),
        _links: { self: { href: `${base}/v2/payments/${pid}`, type: 'application/hal+json' }, checkout: { href: `https://www.mollie.com/checkout/select-method/${pid}`, type: 'text/html' } },
      };
      payments.set(pid, payment);
      return { status: 201, body: payment };
    }
    if (method === 'GET' && (m = /^\/v2\/payments\/([^/?]+)/.exec(path))) {
      const payment = payments.get(m[1]!);
      return payment ? { status: 200, body: payment } : notFound('payment');
    }
    if (method === 'POST' && path === '/v2/customers') {
      const customer: Json = { resource: 'customer', id: id('cst'), mode: 'test', name: body?.name, email: body?.email, metadata: null, createdAt: new Date().toISOString(), _links: {} };
      customers.set(customer.id as string, customer);
      return { status: 201, body: customer };
    }
    if (method === 'GET' && (m = /^\/v2\/customers\/([^/]+)\/mandates\/([^/?]+)/.exec(path))) {
      const mandate = mandates.get(m[2]!);
      return mandate && mandate._customer === m[1] ? { status: 200, body: mandate } : notFound('mandate');
    }
    if (method === 'POST' && (m = /^\/v2\/customers\/([^/]+)\/subscriptions$/.exec(path))) {
      if (!customers.has(m[1]!)) return notFound('customer');
      const subscription: Json = {
        resource: 'subscription', id: id('sub'), mode: 'test', status: 'active', amount: body?.amount, interval: body?.interval, startDate: body?.startDate,
        description: body?.description, mandateId: body?.mandateId, webhookUrl: body?.webhookUrl, metadata: body?.metadata ?? null, customerId: m[1], createdAt: new Date().toISOString(), _links: {},
      };
      subscriptions.set(subscription.id as string, subscription);
      return { status: 201, body: subscription };
    }
    return notFound('route');
  }

  const server = createServer({ key: fixture('fake-mollie.key'), cert: fixture('fake-mollie.crt') }, (req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      const path = req.url ?? '/';
      const key = req.headers['idempotency-key'] as string | undefined;
      const body = raw ? (JSON.parse(raw) as Json) : null;
      requests.push({ method: req.method ?? 'GET', path, body, idempotencyKey: key, auth: req.headers.authorization });
      const cacheKey = key && req.method === 'POST' ? `${path}|${key}` : null;
      const answer = (cacheKey && answered.get(cacheKey)) || handle(req.method ?? 'GET', path, body);
      if (cacheKey) answered.set(cacheKey, answer);
      res.writeHead(answer.status, { 'content-type': 'application/hal+json' }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    /** For the client's `apiEndpoint`. */
    endpoint: `${base}/v2/`,
    requests,
    payments,
    subscriptions,
    /** What the bank did: a paid first payment gets a valid mandate, as at Mollie. */
    settle(paymentId: string, status: 'paid' | 'failed' | 'canceled' | 'expired' | 'pending' | 'open') {
      const payment = payments.get(paymentId)!;
      payment.status = status;
      if (status === 'paid') {
        payment.paidAt = new Date().toISOString();
        if (payment.sequenceType === 'first' && payment.customerId) {
          const mandate: Json = { resource: 'mandate', id: id('mdt'), mode: 'test', status: 'valid', method: 'directdebit', details: {}, _customer: payment.customerId, createdAt: new Date().toISOString(), _links: {} };
          mandates.set(mandate.id as string, mandate);
          payment.mandateId = mandate.id;
        }
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
