// e. Each replica's /metrics, scraped as Prometheus does (from loopback, an operator's address)
// and read by the strict parser of the tests: the site's families are there, ten pages asked
// of a replica between two scrapes are ten more pages counted, and its outbox holds nothing
// once everything was delivered. A visitor asking through the proxy gets no figure.
import type { Report } from '../resilience/report';
import { valueOf } from '../../test/support/prometheus-text';
import type { Cluster } from './cluster';
import { scrape, sumOf, type Scraped } from './scrape';

const PART = 'metrics';
const FAMILIES = [
  'joinus_http_request_duration_seconds',
  'joinus_render_cache_hits_total',
  'joinus_page_render_duration_seconds',
  'joinus_content_request_duration_seconds',
  'joinus_content_breaker_state',
  'joinus_outbox_submissions',
  'joinus_mail_outbox_mails',
  'nodejs_eventloop_lag_seconds',
];

const PAGES = 10;

export async function metrics(cluster: Cluster, report: Report): Promise<void> {
  for (const replica of cluster.replicas) {
    const first = await scrape(replica.url);
    for (let i = 0; i < PAGES; i++) await (await fetch(`${replica.url}/`)).arrayBuffer();
    const second = await scrape(replica.url);
    if (typeof first === 'string' || typeof second === 'string') {
      report.fail(PART, `${replica.name}: ${typeof first === 'string' ? first : second}`);
      continue;
    }
    const missing = FAMILIES.filter((name) => !second.has(name));
    if (missing.length) report.fail(PART, `${replica.name}: no ${missing.join(', ')}`);
    const pages = (families: Scraped) => valueOf(families, 'joinus_http_request_duration_seconds_count', { kind: 'page', status: '200' }) ?? 0;
    const counted = pages(second) - pages(first);
    const pending = valueOf(second, 'joinus_outbox_submissions', { status: 'pending' });
    if (counted !== PAGES) report.fail(PART, `${replica.name}: ${PAGES} pages asked for between two scrapes, ${counted} counted`);
    if (pending !== 0) report.fail(PART, `${replica.name}: ${pending ?? 'no figure of the'} submission(s) pending in its outbox`);
    const series = [...second.values()].reduce((n, f) => n + f.samples.length, 0);
    report.figure(PART, `${replica.name}: families/series`, `${second.size}/${series}`);
    report.figure(PART, `${replica.name}: pages counted between scrapes (asked)`, `${counted} (${PAGES})`);
    report.figure(PART, `${replica.name}: requests counted since its start`, sumOf(second, 'joinus_http_request_duration_seconds_count'));
    report.figure(PART, `${replica.name}: outbox pending`, pending ?? 'none');
  }
  const visitor = await fetch(`${cluster.proxy.origin}/metrics`, { headers: { 'X-Forwarded-For': '203.0.113.99' } });
  const body = await visitor.text();
  if (visitor.status === 200 || body.includes('joinus_')) report.fail(PART, `a visitor through the proxy got /metrics (${visitor.status})`);
  report.figure(PART, 'a visitor through the proxy', visitor.status);
}

