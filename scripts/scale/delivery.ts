// Whether every acknowledged submission reached the content service exactly once: waited for
// up to a bound, then a little longer, so a late second copy is counted too.
import { sleep } from '../resilience/site';
import { deliveredCounts } from '../resilience/submissions';
import { until } from '../../test/support/until';
import type { Content } from '../resilience/content';

export type Delivery = { complete: boolean; seconds: number; once: number; lost: string[]; duplicated: string[] };

export async function awaitDelivery(content: Content, acknowledged: Iterable<string>, boundMs: number): Promise<Delivery> {
  const markers = [...acknowledged];
  const started = performance.now();
  const complete = await until(() => [...deliveredCounts(content.contact, markers).values()].every((n) => n >= 1), boundMs, 200);
  const seconds = (performance.now() - started) / 1000;
  await sleep(2000);
  const counts = deliveredCounts(content.contact, markers);
  return {
    complete,
    seconds,
    once: markers.filter((m) => counts.get(m) === 1).length,
    lost: markers.filter((m) => counts.get(m) === 0),
    duplicated: markers.filter((m) => counts.get(m)! > 1).map((m) => `${m} (${counts.get(m)})`),
  };
}
