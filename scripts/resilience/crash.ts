// 3. kill -9 while submissions are being delivered: every submission the site said "sent" for
// reaches the content service exactly once after restarts, none twice. The fake service keeps a
// record when the POST arrives and answers it late, so a kill often falls between the two:
// stored there, unknown to the site.
import { startContent } from './content';
import { seededRandom } from './random';
import type { Report } from './report';
import { sleep, startSite, type Site } from './site';
import { deliveredCounts, postContact } from './submissions';
import { until } from '../../test/support/until';

const PART = 'kill-9';

export async function crash(opts: { seed: number; submissions: number; kills: number; deliveryBoundMs: number }, report: Report): Promise<void> {
  const r = seededRandom(opts.seed + 3);
  const content = await startContent();
  content.writeDelayMs = () => r.int(100, 900);
  const env = { STRAPI_URL: content.url, FORM_RATE_LIMIT: '100000', FORM_RATE_LIMIT_NO_CAPTCHA: '100000' };
  let site: Site = await startSite(env);
  const dataDir = site.dataDir;
  const markers = Array.from({ length: opts.submissions }, (_, i) => `crash-${i}-${r.string(8)}`);
  const acknowledged = new Set<string>();
  let killsDone = 0;
  try {
    // Posting goes on beside the deliveries; each kill falls while a delivery is in flight
    // (right after the service received a POST it answers late), and may cut a post too.
    let next = 0;
    const postWhileUp = async (current: Site) => {
      while (next < markers.length && !current.exit) {
        const marker = markers[next++]!;
        const { accepted } = await postContact(current, marker);
        if (accepted) acknowledged.add(marker);
      }
    };
    for (let round = 0; round < opts.kills; round++) {
      const posting = postWhileUp(site);
      const target = content.contact.posts + r.int(1, Math.max(1, Math.ceil(opts.submissions / (2 * opts.kills))));
      const inFlight = await until(() => content.contact.posts >= target, 30_000, 5);
      await sleep(r.int(0, 50));
      site.expectRunning = false;
      site.kill('SIGKILL');
      await site.exited;
      killsDone++;
      if (!inFlight) report.fail(PART, `round ${round + 1}: no delivery was under way within 30 s`);
      await posting;
      site = await startSite(env, { dataDir });
    }
    await postWhileUp(site);
    const all = () => [...acknowledged].every((m) => deliveredCounts(content.contact, [m]).get(m)! >= 1);
    const restarted = performance.now();
    const complete = await until(all, opts.deliveryBoundMs);
    const afterMs = performance.now() - restarted;
    await sleep(3000);
    const counts = deliveredCounts(content.contact, markers);
    const lost = [...acknowledged].filter((m) => counts.get(m) === 0);
    const duplicated = markers.filter((m) => counts.get(m)! > 1);
    if (!complete || lost.length) report.fail(PART, `${lost.length} acknowledged submission(s) not delivered within ${opts.deliveryBoundMs / 1000} s: ${lost.join(', ')}`);
    if (duplicated.length) report.fail(PART, `delivered more than once: ${duplicated.map((m) => `${m} (${counts.get(m)})`).join(', ')}`);
    if (site.exit) report.fail(PART, `the restarted server crashed (exit code ${site.exit.code})`);
    report.figure(PART, 'kills during delivery', killsDone);
    report.figure(PART, 'submissions acknowledged/posted', `${acknowledged.size}/${markers.length}`);
    report.figure(PART, 'delivered once/lost/duplicated', `${markers.filter((m) => counts.get(m) === 1).length}/${lost.length}/${duplicated.length}`);
    report.figure(PART, 'service POSTs (incl. answers cut by a kill)', content.contact.posts);
    report.figure(PART, 'all delivered s after last restart', complete ? afterMs / 1000 : 'no');
  } finally {
    await site.stop();
    await content.close();
  }
}
