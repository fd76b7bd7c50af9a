// a. One publish reaches every reader: an editor changes a page's title, Strapi's webhook
// reaches one replica, and every replica and the proxy answer the new title within 1 s of that
// webhook's 204. Before the webhook the content service already serves the new title, and
// every reader still shows the old one: without the webhook the caches would hold it for
// minutes (the content cache's time, the proxy's s-maxage), so the 1 s is the webhook's doing.
import { readFileSync } from 'node:fs';
import type { Report } from '../resilience/report';
import { sleep, WEBHOOK_SECRET } from '../resilience/site';
import type { Cluster } from './cluster';
import { nextVisitor } from './load';

const PART = 'publish';
const BOUND_MS = 1000;
/** How long a reader keeps looking for the new title before it counts as never seen. */
const GIVE_UP_MS = 5000;
const POLL_MS = 10;
const SLUG = 'over-ons/faq';

type PageRecord = { documentId: string; slug: string; title: string; id: number };

export async function publish(cluster: Cluster, report: Report): Promise<void> {
  const record = (JSON.parse(readFileSync('content/snapshot/nl/pages.json', 'utf8')) as PageRecord[]).find((p) => p.slug === SLUG);
  if (!record) return report.fail(PART, `no page ${SLUG} in the snapshot`);
  const path = `/${SLUG}`;
  const newTitle = `${record.title} bijgewerkt ${Date.now().toString(36)}`;
  const readers = [...cluster.replicas.map((r) => ({ name: r.name, url: `${r.url}${path}` })), { name: 'proxy', url: `${cluster.proxy.origin}${path}` }];
  /** `from`: a visitor's address (X-Forwarded-For); this process's own (loopback) without it. */
  const read = async (url: string, from?: string) => {
    const res = await fetch(url, { signal: AbortSignal.timeout(5000), headers: from ? { 'X-Forwarded-For': from } : {} });
    return { status: res.status, html: await res.text(), hit: (res.headers.get('x-varnish') ?? '').trim().includes(' ') };
  };

  // Every reader has the page cached with the old title; the proxy answers from its cache. The
  // replicas render nothing ahead: these first reads render it, each as a visitor of its own, so
  // the readers below start with their render share untouched (server/pages/render-limit.ts,
  // counted across the replicas), as with a page rendered ahead.
  for (const reader of readers) await read(reader.url, nextVisitor());
  const before = await Promise.all(readers.map(async (reader) => ({ reader, ...(await read(reader.url)) })));
  for (const b of before) if (b.status !== 200 || !b.html.includes(record.title)) report.fail(PART, `${b.reader.name} did not show ${path} with its title before the publish (${b.status})`);
  const proxyHit = before.at(-1)!.hit;
  if (!proxyHit) report.fail(PART, `the proxy did not answer ${path} from its cache before the publish`);

  // The editor publishes: the content service answers the new title from now on.
  cluster.content.edit = (req, body) => (req.path.startsWith('/api/pages') ? retitled(body, record.documentId, record.title, newTitle) : body);
  await sleep(300);
  const early = (await Promise.all(readers.map(async (reader) => ((await read(reader.url)).html.includes(newTitle) ? reader.name : null)))).filter(Boolean);
  if (early.length) report.fail(PART, `${early.join(', ')} showed the new title before the webhook: the test cannot tell the webhook did it`);

  // Readers poll from before the webhook; each notes when it first sees the new title.
  const seenAt = new Map<string, number>();
  let polling = true;
  const polls = readers.map(async (reader) => {
    while (polling && !seenAt.has(reader.name)) {
      const answer = await read(reader.url).catch(() => null);
      if (answer?.html.includes(newTitle)) seenAt.set(reader.name, performance.now());
      else await sleep(POLL_MS);
    }
  });
  const target = cluster.replicas[0]!;
  const webhook = await fetch(`${target.url}/api/content-webhook`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${WEBHOOK_SECRET}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      event: 'entry.publish',
      createdAt: new Date().toISOString(),
      model: 'page',
      uid: 'api::page.page',
      entry: { id: record.id, documentId: record.documentId, slug: record.slug, title: newTitle, locale: 'nl', publishedAt: new Date().toISOString() },
    }),
  });
  const answeredAt = performance.now();
  if (webhook.status !== 204) report.fail(PART, `the webhook to ${target.name} answered ${webhook.status}`);
  const giveUp = sleep(GIVE_UP_MS).then(() => (polling = false));
  await Promise.race([Promise.all(polls), giveUp]);
  polling = false;
  await Promise.all(polls);

  const after = readers.map((reader) => ({ name: reader.name, ms: seenAt.has(reader.name) ? Math.max(0, seenAt.get(reader.name)! - answeredAt) : null }));
  for (const a of after) {
    if (a.ms === null) report.fail(PART, `${a.name} never showed the new title (${GIVE_UP_MS / 1000} s after the webhook)`);
    else if (a.ms > BOUND_MS) report.fail(PART, `${a.name} showed the new title ${Math.round(a.ms)} ms after the webhook (bound ${BOUND_MS} ms)`);
  }
  // Nobody falls back: the proxy did not keep an old copy fetched from a replica not yet purged.
  await sleep(1000);
  const stale = (await Promise.all(readers.map(async (reader) => ((await read(reader.url)).html.includes(newTitle) ? null : reader.name)))).filter(Boolean);
  if (stale.length) report.fail(PART, `${stale.join(', ')} showed the old title again 1 s later`);

  report.figure(PART, 'proxy answered from its cache before', proxyHit ? 'yes' : 'no');
  report.figure(PART, 'readers with the old title 300 ms after the change', `${readers.length - early.length} of ${readers.length}`);
  report.figure(PART, `webhook to ${target.name}`, webhook.status);
  for (const a of after) report.figure(PART, `${a.name}: new title ms after the 204`, a.ms === null ? 'never' : Math.round(a.ms));
  report.figure(PART, 'every reader: ms after the 204', after.every((a) => a.ms !== null) ? Math.round(Math.max(...after.map((a) => a.ms!))) : 'never');
  report.figure(PART, 'readers still new 1 s later', `${readers.length - stale.length} of ${readers.length}`);
}

/** The answer with every `from` inside the record `documentId` (its title, its SEO title, its
 * intro block's heading) changed to `to`. */
function retitled(body: unknown, documentId: string, from: string, to: string, inside = false): unknown {
  if (typeof body === 'string') return inside && body === from ? to : body;
  if (Array.isArray(body)) return body.map((item) => retitled(item, documentId, from, to, inside));
  if (typeof body !== 'object' || body === null) return body;
  const here = inside || (body as Record<string, unknown>).documentId === documentId;
  return Object.fromEntries(Object.entries(body).map(([key, value]) => [key, retitled(value, documentId, from, to, here)]));
}
