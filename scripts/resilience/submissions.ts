// Contact-form submissions as a visitor without JavaScript sends them (a signed stamp of a form
// on screen long enough), each with a marker in its message so the records the content service
// received can be counted per submission.
import { send, type Outcome } from './http';
import { oldStamp, type Site } from './site';
import type { FakeCollection } from '../../test/support/fake-collection';

/** Posts one contact form to a site or the proxy in front of it; `accepted` when the site
 * answered that it was sent. `from`: the visitor's address, as a proxy on loopback passes it on
 * (X-Forwarded-For); the post comes from loopback itself without it. */
export async function postContact(site: Pick<Site, 'url' | 'port'>, marker: string, timeoutMs = 10_000, from?: string): Promise<{ accepted: boolean; outcome: Outcome }> {
  const body = new URLSearchParams({ name: 'Sam de Vries', email: 'sam@example.nl', message: `Mag ik meedoen? ${marker}`, privacy: 'on', _ts: oldStamp(), _page: '/contact' }).toString();
  const headers: Record<string, string> = { Origin: site.url, Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' };
  if (from) headers['X-Forwarded-For'] = from;
  const outcome = await send({ method: 'POST', path: '/forms/contact', headers, body }, { port: site.port, timeoutMs });
  return { accepted: outcome.ok && outcome.status === 200, outcome };
}

/** How many records the content service holds for each marker. */
export function deliveredCounts(contact: FakeCollection, markers: string[]): Map<string, number> {
  const counts = new Map(markers.map((m) => [m, 0]));
  for (const record of contact.records) {
    const message = String(record.data.message ?? '');
    for (const m of markers) if (message.endsWith(` ${m}`)) counts.set(m, counts.get(m)! + 1);
  }
  return counts;
}
