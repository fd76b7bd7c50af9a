// A replica's /metrics as Prometheus scrapes it (from loopback, an operator's address), read by
// the strict parser of the tests.
import { parsePrometheusText, type Family } from '../../test/support/prometheus-text';

export type Scraped = Map<string, Family>;

/** The parsed figures, or why there are none. */
export async function scrape(url: string): Promise<Scraped | string> {
  const res = await fetch(`${url}/metrics`, { signal: AbortSignal.timeout(5000) });
  const text = await res.text();
  if (res.status !== 200 || !(res.headers.get('content-type') ?? '').startsWith('text/plain')) return `/metrics answered ${res.status} (${res.headers.get('content-type')})`;
  try {
    return parsePrometheusText(text);
  } catch (err) {
    return `/metrics is not the Prometheus text format: ${(err as Error).message}`;
  }
}

/** The total of the series named `name` whose labels pass `where`. */
export const sumOf = (families: Scraped, name: string, where: (labels: Record<string, string>) => boolean = () => true): number =>
  [...families.values()]
    .flatMap((f) => f.samples)
    .filter((s) => s.name === name && where(s.labels))
    .reduce((total, s) => total + s.value, 0);

