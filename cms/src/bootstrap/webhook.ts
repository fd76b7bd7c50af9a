import type { Core } from '@strapi/strapi';
import { DONATION_TYPE, SUBMISSION_TYPES, uidOf } from './content-types';

export const WEBHOOK_NAME = 'site content webhook';
const WANTED_EVENTS = [
  'entry.create',
  'entry.update',
  'entry.delete',
  'entry.publish',
  'entry.unpublish',
  'media.create',
  'media.update',
  'media.delete',
];

type Webhook = { id: string; name: string; url: string; headers: Record<string, string>; events: string[]; isEnabled: boolean };
type WebhookStore = {
  allowedEvents: Map<string, string>;
  findWebhooks(): Promise<Webhook[]>;
  createWebhook(data: Omit<Webhook, 'id' | 'isEnabled'>): Promise<Webhook>;
  updateWebhook(id: string, data: Omit<Webhook, 'id'>): Promise<Webhook | null>;
};
type RunResult = { statusCode: number; message?: string };
type WebhookRunner = {
  add(webhook: Webhook): void;
  update(webhook: Webhook): void;
  run(webhook: Webhook, event: string, info?: { uid?: string }): Promise<RunResult>;
  siteFilter?: boolean;
};

/** Form submissions and donations are not content: the site has nothing to refresh for them. */
const PRIVATE_UIDS = new Set([...SUBMISSION_TYPES, DONATION_TYPE].map(uidOf));

/** The site's webhook skips entry events of private collections (every form post would empty its cache). */
function filterPrivateEntries(runner: WebhookRunner): void {
  if (runner.siteFilter) return;
  const run = runner.run.bind(runner);
  runner.run = (webhook, event, info = {}) =>
    webhook.name === WEBHOOK_NAME && event.startsWith('entry.') && PRIVATE_UIDS.has(info.uid as never)
      ? Promise.resolve({ statusCode: 204, message: 'not sent: not content' })
      : run(webhook, event, info);
  runner.siteFilter = true;
}

/**
 * With SITE_URL and CONTENT_WEBHOOK_SECRET set, one webhook to `${SITE_URL}/api/content-webhook`
 * carrying the secret as a bearer token, for entry and media events (not for submissions and
 * donations). Created or corrected on start and handed to the runner, so it fires without a
 * restart.
 */
export async function ensureContentWebhook(strapi: Core.Strapi): Promise<void> {
  const siteUrl = process.env.SITE_URL?.replace(/\/+$/, '');
  const secret = process.env.CONTENT_WEBHOOK_SECRET;
  if (!siteUrl || !secret) return;
  const store = strapi.get('webhookStore') as WebhookStore;
  const runner = strapi.get('webhookRunner') as WebhookRunner;
  filterPrivateEntries(runner);
  const allowed = new Set(store.allowedEvents.values());
  const wanted = {
    name: WEBHOOK_NAME,
    url: `${siteUrl}/api/content-webhook`,
    headers: { Authorization: `Bearer ${secret}` },
    events: WANTED_EVENTS.filter((event) => allowed.has(event)),
  };
  const found = (await store.findWebhooks()).find((w) => w.name === WEBHOOK_NAME);
  if (!found) {
    runner.add(await store.createWebhook(wanted));
    strapi.log.info(`[bootstrap] webhook "${WEBHOOK_NAME}" -> ${wanted.url}`);
    return;
  }
  const same =
    found.url === wanted.url &&
    found.isEnabled &&
    JSON.stringify(found.headers) === JSON.stringify(wanted.headers) &&
    JSON.stringify(found.events) === JSON.stringify(wanted.events);
  if (same) return;
  const updated = await store.updateWebhook(found.id, { ...wanted, isEnabled: true });
  if (updated) runner.update(updated);
  strapi.log.info(`[bootstrap] webhook "${WEBHOOK_NAME}" updated -> ${wanted.url}`);
}
