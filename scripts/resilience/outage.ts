// 2. Outages of the content service: answering 500, refusing connections (down), accepting them
// and never answering (hanging). In each: the pages rendered before stay 200 (past their cache
// time, from the last known content), new find-a-group searches are answered, a hanging
// service is failed fast, and a contact form posted during the outage is accepted and
// delivered exactly once after it ends. Addresses nobody asked for before the outage are
// answered too: a made-up slug on every route of the path table (in both languages) is a 404
// from the last known lists, and the pages the sitemap leaves out are answered as usual (2xx or
// 3xx), but for the account forms, which say before any form that accounts are unavailable (a
// 503 no cache keeps). That last part is what render-ahead is for (server/env.ts RENDER_AHEAD:
// every sitemap page and the pages it leaves out rendered at startup, their records kept as the
// last known content), so this part's server renders ahead.
import { startContent, type Outage } from './content';
import { keepAliveAgent, send } from './http';
import { seededRandom, type Random } from './random';
import { percentile, type Report } from './report';
import { sitemapPaths, sleep, startSite } from './site';
import { deliveredCounts, postContact } from './submissions';
import { until } from '../../test/support/until';
import { LEFT_OUT_PAGES } from '../../src/routing/path-lookup';
import { GUARDED_ROWS, PATH_TABLE, type PathRow } from '../../src/routing/path-table';
import { fillPattern } from '../../src/routing/route-match';
import { localePath } from '../../src/i18n/locale';

const PART = 'outage';
/** Content (and rendered pages) older than this are asked for again: an outage is met at once.
 * Every page request is then a render, so the per-client render limit is off here. */
const CACHE_TTL_MS = 1000;
const CONTENT_TIMEOUT_MS = 5000;

export async function outage(opts: { seed: number; holdMs: number; pages: number; deliveryBoundMs: number }, report: Report): Promise<void> {
  const r = seededRandom(opts.seed + 2);
  const content = await startContent();
  const site = await startSite({ STRAPI_URL: content.url, CONTENT_CACHE_TTL_MS: String(CACHE_TTL_MS), CONTENT_TIMEOUT_MS: String(CONTENT_TIMEOUT_MS), FORM_RATE_LIMIT: '1000', FORM_RATE_LIMIT_NO_CAPTCHA: '1000', RENDER_RATE_LIMIT: '0', RENDER_AHEAD: 'on' });
  const agent = keepAliveAgent();
  const get = (path: string) => send({ method: 'GET', path }, { port: site.port, agent, timeoutMs: 3 * CONTENT_TIMEOUT_MS });
  try {
    // startSite returns after the startup renders (/readyz no longer `starting`), which also fill
    // the content cache with what a new search needs (an outage that starts before they are
    // done still fails new searches).
    const all = await sitemapPaths(site.url);
    const pages = all.length <= opts.pages ? all : Array.from({ length: opts.pages }, () => r.pick(all));
    // Rendered while the service is up.
    for (const path of pages) {
      const answer = await get(path);
      if (!answer.ok || answer.status !== 200) report.fail(PART, `${path} was not 200 before the outage (${answer.ok ? answer.status : answer.code})`);
    }
    for (const mode of ['500', 'down', 'hanging'] as Outage[]) {
      await content.set(mode);
      const began = performance.now();
      await sleep(CACHE_TTL_MS + 200);
      const marker = `outage-${mode}-${r.string(8)}`;
      const post = await postContact(site, marker, 3 * CONTENT_TIMEOUT_MS);
      if (!post.accepted) report.fail(PART, `${mode}: a contact form posted during the outage was not accepted (${post.outcome.ok ? post.outcome.status : post.outcome.code})`);

      const pageMs: number[] = [];
      let pagesOk = 0;
      let pagesBad = 0;
      let searches = 0;
      let searchesOk = 0;
      const holdUntil = performance.now() + opts.holdMs;
      let i = 0;
      while (performance.now() < holdUntil || i < pages.length) {
        const search = i % 4 === 3;
        const path = search ? `/locaties?postcode=${r.int(1000, 9999)}${r.string(2, 'ABCDEFGHJKLMNPRSTVWXZ')}&age=${r.int(12, 30)}` : pages[i % pages.length]!;
        i++;
        const answer = await get(path);
        const ms = answer.ms;
        pageMs.push(ms);
        const ok = answer.ok && answer.status === 200;
        if (search) {
          searches++;
          if (ok) searchesOk++;
          else if (!answer.ok || answer.status >= 500) report.fail(PART, `${mode}: a new search ${path} answered ${answer.ok ? answer.status : answer.code}`);
        } else if (ok) pagesOk++;
        else {
          pagesBad++;
          if (pagesBad <= 5) report.fail(PART, `${mode}: ${path}, rendered before the outage, answered ${answer.ok ? answer.status : answer.code}`);
        }
        if (mode === 'hanging' && ms > CONTENT_TIMEOUT_MS + 1500) report.fail(PART, `hanging: ${path} took ${Math.round(ms)} ms (content timeout ${CONTENT_TIMEOUT_MS} ms): not failed fast`);
        if (site.exit) break;
      }
      const fresh = { notFound: 0, madeUp: 0, answered: 0, accountsDown: 0, other: 0 };
      for (const { path, madeUp } of newAddresses(r, mode)) {
        const answer = await get(path);
        if (mode === 'hanging' && answer.ms > CONTENT_TIMEOUT_MS + 1500) report.fail(PART, `hanging: ${path} took ${Math.round(answer.ms)} ms: not failed fast`);
        // An account page cannot work without the content service: it says so before any form,
        // as a 503 no cache keeps (src/features/accounts/account-form-page.tsx). That is its answer.
        if (answer.ok && answer.status === 503 && !madeUp && (await accountsUnavailable(site.url, path))) {
          fresh.accountsDown++;
          continue;
        }
        if (!answer.ok || answer.status >= 500) {
          report.fail(PART, `${mode}: ${path}, not asked for before the outage, answered ${answer.ok ? answer.status : answer.code}`);
          continue;
        }
        if (madeUp) {
          fresh.madeUp++;
          if (answer.status === 404) fresh.notFound++;
          else report.fail(PART, `${mode}: ${path}, a made-up address, answered ${answer.status} (not 404)`);
        } else if (answer.status < 400) fresh.answered++;
        else {
          fresh.other++;
          report.fail(PART, `${mode}: ${path}, a page anybody may open, answered ${answer.status}`);
        }
      }

      await content.set('up');
      const recovered = performance.now();
      const outageMs = recovered - began;

      const delivered = await until(() => deliveredCounts(content.contact, [marker]).get(marker)! >= 1, opts.deliveryBoundMs);
      const deliveredAfterMs = performance.now() - recovered;
      await sleep(2000);
      const copies = deliveredCounts(content.contact, [marker]).get(marker)!;
      if (post.accepted && !delivered) report.fail(PART, `${mode}: the submission made during the outage was not delivered within ${opts.deliveryBoundMs / 1000} s after it`);
      if (copies > 1) report.fail(PART, `${mode}: the submission made during the outage was delivered ${copies} times`);

      report.figure(PART, `${mode}: outage s`, outageMs / 1000);
      report.figure(PART, `${mode}: known pages 200`, `${pagesOk} of ${pagesOk + pagesBad}`);
      report.figure(PART, `${mode}: new searches 200`, `${searchesOk} of ${searches}`);
      report.figure(PART, `${mode}: new addresses: made-up 404, left-out pages 2xx/3xx, account pages "unavailable"`, `${fresh.notFound} of ${fresh.madeUp}, ${fresh.answered} + ${fresh.accountsDown} of ${fresh.answered + fresh.accountsDown + fresh.other}`);
      report.figure(PART, `${mode}: answer p50/p99/max ms`, `${Math.round(percentile(pageMs, 50))}/${Math.round(percentile(pageMs, 99))}/${Math.round(Math.max(...pageMs))}`);
      report.figure(PART, `${mode}: submission delivered (copies, s after)`, delivered ? `${copies}, ${(deliveredAfterMs / 1000).toFixed(1)}` : 'not delivered');
      if (site.exit) break;
      // The next outage starts from a service that works again.
      await sleep(CACHE_TTL_MS);
    }
    if (site.exit) report.fail(PART, `the server crashed (exit code ${site.exit.code}, signal ${site.exit.signal})`);
  } finally {
    agent.destroy();
    await site.stop();
    await content.close();
  }
}

/** The account page's own answer while the content service fails: the notice instead of the
 * form, never cached. */
async function accountsUnavailable(origin: string, path: string): Promise<boolean> {
  const res = await fetch(`${origin}${path}`, { redirect: 'manual', signal: AbortSignal.timeout(3 * CONTENT_TIMEOUT_MS) });
  const html = await res.text();
  return res.status === 503 && html.includes('account-unavailable') && !html.includes('<form') && (res.headers.get('cache-control') ?? '').includes('no-store');
}

/** Addresses nobody asked for before this outage: every `:slug` row of the path table in both
 * languages with a made-up slug (a 404 is the only right answer), made-up paths for the
 * catch-all content page, and the pages the sitemap leaves out (log-in and account forms, a
 * donor's thank-you page, the account page that sends a stranger to log in). */
function newAddresses(r: Random, mode: string): Array<{ path: string; madeUp: boolean }> {
  const made = () => `weg-${mode}-${r.string(6, 'abcdefghjkmnpqrstuvwxyz')}`;
  const out: Array<{ path: string; madeUp: boolean }> = [];
  for (const row of PATH_TABLE as readonly PathRow[]) {
    if (!row.routed || !row.path.includes(':slug')) continue;
    for (const pattern of [row.path, ...(row.en ? [localePath('en', row.en)] : [])]) out.push({ path: fillPattern(pattern, { slug: made() }), madeUp: true });
  }
  out.push({ path: `/${made()}/${made()}`, madeUp: true }, { path: `/en/${made()}`, madeUp: true });
  for (const path of [...LEFT_OUT_PAGES, ...GUARDED_ROWS.map((row) => row.path)]) out.push({ path, madeUp: false });
  return out;
}
