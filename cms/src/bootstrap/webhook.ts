import type { Core } from '@strapi/strapi';

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
type WebhookRunner = { add(webhook: Webhook): void; update(webhook: Webhook): void };

/**
 * With SITE_URL and CONTENT_WEBHOOK_SECRET set, one webhook to `${SITE_URL}/api/content-webhook`
 * carrying the secret as a bearer token, for entry and media events. Created or corrected on
 * start and handed to the runner, so it fires without a restart.
 */
export async function ensureContentWebhook(strapi: Core.Strapi): Promise<void> {
  const siteUrl = process.env.SITE_URL?.replace(/\/+$/, '');
  const secret = process.env.CONTENT_WEBHOOK_SECRET;
  if (!siteUrl || !secret) return;
  const store = strapi.get('webhookStore') as WebhookStore;
  const runner = strapi.get('webhookRunner') as WebhookRunner;
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
