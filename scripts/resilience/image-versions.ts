// Invented image versions (issue 38, finding 6): a client asks for copies of the site's photos
// at versions, widths and formats it makes up (`/uploads/w{width}-{version}/{file}.{format}`),
// copies of drawings, and names nobody uploaded, while a visitor looks at the home page's
// photo. The site runs on a content service (the repository's fake, from the snapshot, with the
// photos under /uploads/), so no copy is prebuilt: each one the site agreed to make would be an
// encode. Only copies a page links are made (src/routing/image-copies.ts), so the attack must
// make none; the visitor's copies, made before it, stay as fast as alone; the server's memory
// does not stay grown once idle (encodes run in a process of their own, server/content/encoder-process.ts).
//
// Figures: the copies made during the attack (files kept on disk, so the same count on any
// build), the encoder's CPU seconds (/metrics) and the server's (/proc, its encoder included),
// the server's RSS before and after, the visitor's image latency alone and beside, the content
// service's calls per made-up name.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { snapshotResponder, startFakeContentService, type FakeContentService } from '../../test/support/fake-content-service';
import { variantVersion, type ImageSource } from '../../src/routing/image-variants';
import { keepAliveAgent, send, type Outcome } from './http';
import { seededRandom, type Random } from './random';
import { percentile, type Report } from './report';
import { sleep, startSite, type Site } from './site';

const PART = 'image-versions';
/** The server's RSS may stay grown this much after the part (its own heap, sockets), not by
 * encodes. Right after the attack the heap still holds the attack's garbage (18,000 answers in
 * 15 s: measured 145 MB used of 250, back to 49 of 51 once V8's idle collection ran, 13 to 33 s
 * later), so the bound is checked once the memory had time to settle. */
const RSS_GROWTH_BOUND_MB = 100;
/** How long the server is given, idle, to give the attack's garbage back. */
const RSS_SETTLE_MS = 60_000;
/** The visitor's p99 beside the attack stays under this many times its own, or this many ms. */
const P99_FACTOR = 5;
const P99_FLOOR_MS = 250;
/** The encoder's process ends this long after its last encode at most (IDLE_MS and a margin). */
const ENCODER_GONE_MS = 10_000;
/** Clock ticks per second of /proc's CPU times (Linux's USER_HZ). */
const TICKS = 100;

export type ImageVersionsProfile = { seconds: number; connections: number };

const TYPES: Record<string, string> = { '.jpg': 'image/jpeg', '.png': 'image/png', '.webp': 'image/webp', '.svg': 'image/svg+xml' };

/** The snapshot's content, and its media files under /uploads/ as Strapi serves them. */
async function contentWithFiles(): Promise<FakeContentService> {
  const snapshot = snapshotResponder();
  return startFakeContentService(async (req, incoming) => {
    if (req.path.startsWith('/uploads/')) {
      const name = path.basename(req.path);
      const type = TYPES[path.extname(name)];
      if (type && readdirSync('content/uploads').includes(name)) return { bytes: readFileSync(path.join('content/uploads', name)), headers: { 'Content-Type': type } };
      return { status: 404, json: { error: 'not found' } };
    }
    return snapshot(req, incoming);
  });
}

/** VmRSS of a process in MB; 0 when it is gone. */
function rssMb(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** utime, stime and the waited-for children's, in seconds. */
function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0) / TICKS;
  } catch {
    return 0;
  }
}

/** The encoder processes the server runs now. */
function encoders(pid: number): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) !== pid) continue;
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('image-encoder-child')) found.push(Number(entry));
    } catch {
      /* ended meanwhile */
    }
  }
  return found;
}

/** The server's CPU seconds, its running encoders' included. */
const siteCpu = (site: Site) => cpuSeconds(site.pid) + encoders(site.pid).reduce((sum, pid) => sum + cpuSeconds(pid), 0);

/** Copies the site made and kept (one file per encode). */
function copiesKept(site: Site): number {
  try {
    return readdirSync(path.join(site.dataDir, 'media', 'copies')).filter((f) => !f.includes('.part-')).length;
  } catch {
    return 0;
  }
}

/** The sum of a counter's series on /metrics; 0 when the build has none. */
async function counter(site: Site, name: string): Promise<number> {
  const text = await (await fetch(`${site.url}/metrics`)).text();
  return [...text.matchAll(new RegExp(`^${name}(?:\\{[^}]*\\})? ([0-9.e+-]+)$`, 'gm'))].reduce((sum, m) => sum + Number(m[1]), 0);
}

/** Addresses no page links: made-up versions of linked copies, unlinked widths and formats,
 * copies of drawings, made-up names (alone and under a real width and version). */
function invented(r: Random, photos: ImageSource[], drawings: ImageSource[]): () => string {
  return () => {
    const photo = r.pick(photos);
    const file = photo.url.slice('/uploads/'.length);
    const real = variantVersion(photo);
    switch (r.int(0, 9)) {
      case 0:
        // Widths off the ladder in any format; a PNG or WebP of a JPEG at any width.
        return r.chance(0.5) ? `/uploads/w${r.pick([1600, 700, 2000])}-${real}/${file}.${r.pick(['png', 'webp', 'avif', 'jpg'])}` : `/uploads/w${r.pick([160, 640, 1280])}-${real}/${file}.${r.pick(['png', 'webp'])}`;
      case 1: {
        const drawing = r.pick(drawings);
        return `/uploads/w${r.pick([320, 640])}-${variantVersion(drawing)}/${drawing.url.slice('/uploads/'.length)}.${r.pick(['png', 'avif', 'jpg'])}`;
      }
      case 2:
        return r.chance(0.5) ? `/uploads/${r.string(10)}_${r.string(10, '0123456789abcdef')}.jpg` : `/uploads/w640-${real}/${r.string(10)}_${r.string(10, '0123456789abcdef')}.jpg.avif`;
      default:
        return `/uploads/w${r.pick([320, 480, 640, 800, 1080, 1280])}-${r.string(8)}/${file}.${r.pick(['avif', 'jpg', 'png'])}`;
    }
  };
}

type Run = { latencies: number[]; statuses: Map<number, number>; errors: number; requests: number };

async function run(site: Site, opts: { connections: number; ms: number; next: () => string; localAddress: string }): Promise<Run> {
  const result: Run = { latencies: [], statuses: new Map(), errors: 0, requests: 0 };
  const end = performance.now() + opts.ms;
  await Promise.all(
    Array.from({ length: opts.connections }, async () => {
      const agent = keepAliveAgent();
      while (performance.now() < end && !site.exit) {
        const answer: Outcome = await send({ method: 'GET', path: opts.next() }, { port: site.port, agent, localAddress: opts.localAddress, timeoutMs: 30_000 });
        result.requests++;
        if (!answer.ok) result.errors++;
        else {
          result.latencies.push(answer.ms);
          result.statuses.set(answer.status, (result.statuses.get(answer.status) ?? 0) + 1);
        }
      }
      agent.destroy();
    }),
  );
  return result;
}

export async function imageVersions(opts: { seed: number } & ImageVersionsProfile, report: Report): Promise<void> {
  const content = await contentWithFiles();
  const site = await startSite({ STRAPI_URL: content.url, STRAPI_VERSION: 'v5' }).catch(async (err: unknown) => {
    await content.down();
    throw err;
  });
  try {
    const files = (await (await fetch(`${content.url}/api/upload/files`)).json()) as ImageSource[];
    const photos = files.filter((f) => f.mime === 'image/jpeg' || f.mime === 'image/png');
    const drawings = files.filter((f) => f.mime === 'image/svg+xml');

    // The visitor: the home page's photo, as its browser asks it (AVIF at two widths, the JPEG).
    const html = await (await fetch(`${site.url}/`)).text();
    const hero = /<picture><source type="image\/avif" srcSet="([^"]+)"[^>]*\/><img src="([^"]+)"/.exec(html);
    if (!hero) return report.fail(PART, 'no photo on the home page');
    const copies = [...hero[1]!.split(', ').map((c) => c.split(' ')[0]!).slice(0, 2), hero[2]!];
    for (const copy of copies) {
      const res = await fetch(`${site.url}${copy}`);
      if (res.status !== 200) report.fail(PART, `the visitor's ${copy} answered ${res.status}`);
      await res.arrayBuffer();
    }
    let turn = 0;
    const visitor = () => copies[turn++ % copies.length]!;
    const visit = (ms: number) => run(site, { connections: 1, ms, next: visitor, localAddress: '127.0.0.1' });
    const alone = await visit(1000);
    await sleep(200);

    const rssBefore = rssMb(site.pid);
    const keptBefore = copiesKept(site);
    const encodesBefore = await counter(site, 'joinus_image_encodes_total');
    const encodeCpuBefore = await counter(site, 'joinus_image_encode_cpu_seconds_total');
    const cpuBefore = siteCpu(site);
    const callsBefore = content.requests.length;
    const [beside, attack] = await Promise.all([
      visit(opts.seconds * 1000),
      run(site, { connections: opts.connections, ms: opts.seconds * 1000, next: invented(seededRandom(opts.seed + 38), photos, drawings), localAddress: '127.0.0.2' }),
    ]);
    const cpu = siteCpu(site) - cpuBefore;
    const encoderRss = encoders(site.pid).reduce((sum, pid) => sum + rssMb(pid), 0);
    const made = copiesKept(site) - keptBefore;
    const encodes = (await counter(site, 'joinus_image_encodes_total')) - encodesBefore;
    const encodeCpu = (await counter(site, 'joinus_image_encode_cpu_seconds_total')) - encodeCpuBefore;
    await sleep(500);
    const rssAfter = rssMb(site.pid);
    // Idle now: the memory the attack left is given back within RSS_SETTLE_MS, or it is held.
    const settleStarted = performance.now();
    let rssSettled = rssAfter;
    while (rssSettled - rssBefore > RSS_GROWTH_BOUND_MB && performance.now() - settleStarted < RSS_SETTLE_MS) {
      await sleep(500);
      rssSettled = rssMb(site.pid);
    }
    const settleSeconds = (performance.now() - settleStarted) / 1000;
    const calls = content.requests.length - callsBefore;
    // The encoder's process (started for the visitor's copies) ends once idle: its memory with it.
    const idleStarted = performance.now();
    while (encoders(site.pid).length > 0 && performance.now() - idleStarted < ENCODER_GONE_MS) await sleep(100);
    const encoderLeft = encoders(site.pid).length;
    const encoderEndedS = (performance.now() - idleStarted) / 1000;

    const a = { p50: percentile(alone.latencies, 50), p99: percentile(alone.latencies, 99) };
    const b = { p50: percentile(beside.latencies, 50), p99: percentile(beside.latencies, 99) };
    const p99Bound = Math.max(P99_FLOOR_MS, a.p99 * P99_FACTOR);
    if (made > 0) report.fail(PART, `${made} copies were made for addresses no page links (${attack.requests} requests)`);
    for (const [status, n] of attack.statuses) if (status >= 500) report.fail(PART, `the attacker got ${n}× ${status}`);
    if (attack.errors) report.fail(PART, `${attack.errors} of the attacker's requests got no answer`);
    if (beside.errors || [...beside.statuses.keys()].some((s) => s !== 200)) report.fail(PART, `the visitor's images: ${[...beside.statuses].map(([s, n]) => `${n}× ${s}`).join(', ')}, ${beside.errors} errors`);
    if (b.p99 > p99Bound) report.fail(PART, `the visitor's image p99 rose from ${a.p99.toFixed(0)} to ${b.p99.toFixed(0)} ms (bound ${p99Bound.toFixed(0)} ms)`);
    if (encoderLeft > 0) report.fail(PART, `the encoder's process still runs ${ENCODER_GONE_MS / 1000} s after the attack`);
    if (rssSettled - rssBefore > RSS_GROWTH_BOUND_MB) report.fail(PART, `the server's RSS grew from ${rssBefore.toFixed(0)} to ${rssAfter.toFixed(0)} MB and was still ${rssSettled.toFixed(0)} MB after ${RSS_SETTLE_MS / 1000} s idle (bound +${RSS_GROWTH_BOUND_MB})`);

    report.figure(PART, 'invented addresses asked (req/s)', `${attack.requests} (${(attack.requests / opts.seconds).toFixed(0)})`);
    report.figure(PART, 'their answers', [...attack.statuses].sort(([x], [y]) => x - y).map(([s, n]) => `${n}× ${s}`).join(', '));
    report.figure(PART, 'copies made during the attack', made);
    report.figure(PART, 'encodes / their CPU s (metrics)', `${encodes}/${encodeCpu.toFixed(2)}`);
    report.figure(PART, "server's CPU s during the attack", cpu);
    report.figure(PART, "server's RSS before / right after / settled MB (s idle)", `${rssBefore.toFixed(0)} / ${rssAfter.toFixed(0)} / ${rssSettled.toFixed(0)} (${settleSeconds.toFixed(1)})`);
    report.figure(PART, "encoder's RSS after the attack MB, then ended after s", `${encoderRss.toFixed(0)}, ${encoderEndedS.toFixed(1)}`);
    report.figure(PART, 'content service calls during the attack', calls);
    report.figure(PART, "visitor's image p50/p99 ms alone", `${a.p50.toFixed(1)}/${a.p99.toFixed(1)}`);
    report.figure(PART, "visitor's image p50/p99 ms beside", `${b.p50.toFixed(1)}/${b.p99.toFixed(1)}`);
  } finally {
    await site.stop();
    await content.down();
  }
}
