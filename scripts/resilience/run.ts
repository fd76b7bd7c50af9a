// npm run test:resilience [-- --profile=short|full] [--seed=N] [--only=fuzz,outage,...] [--one-at-a-time]
//
// The production build (run `npm run build` first) attacked the way a hostile or unlucky
// internet would (fuzzing, outages, kill -9, broken uploads, load, shutdown), started from dist/
// on free ports, the content service faked where an outage is needed. Seeded random and
// time-bounded; prints a table of figures at the end and exits non-zero on any 5xx, crash, hang,
// leak or lost or duplicated submission.
//
// A part that kills, exhausts or reconfigures its server, or leaves it worse (a budget spent, a
// log or warning state it measures), has a server of its own: fuzz, outage, kill-9, load,
// log-volume, connections, disk. The others share one, one part after the other, where they need
// the same settings (`SHARED`): each counts only what it made, and each sends from addresses of
// its own where a limit per client could carry over. A part that crashes its shared server or
// stops with an error leaves it to be started afresh for the next. Servers start without
// render-ahead (test/support/spawn-server.ts); outage, which is about it, asks for it.
//   fuzz           seeded random requests (paths, queries, headers, forms, the webhook)
//   outage         the content service answering 500, refusing connections, hanging
//   kill-9         kill -9 while submissions are being delivered, then restart
//   uploads        uploads aborted midway and a slow upload: descriptors and files left
//   load           cache-busting (sixteen addresses asking for ever-new renders beside one
//                  browsing cached pages: its throughput as a share of browsing alone, goal 0.5),
//                  then SIGTERM under load on keep-alive connections
//   mollie         webhooks and status-page views for one payment at once (open, then paid
//                  meanwhile) and webhooks for unknown ids: how often Mollie (a fake) was asked
//   log-volume     hostile requests (wrong webhook secrets, made-up payment ids, refused
//                  bodies and forms): log lines per 1,000, warnings once per kind then counted
//   control-chars  form posts seeded with NUL, ESC, C1 and bidi overrides: none in the store,
//                  the mail subjects or the CSV export, no CSV cell a formula
//   school-class   thirty pupils behind one address at the default limits (the test and the
//                  contact form, with and without JavaScript; thirty new searches at once),
//                  then a script at that address
//   fast-senders   forms sent without JavaScript within the fill time (with a CV): asked to
//                  confirm, stored after it, nothing refused, no upload left behind
//   scripted-confirm  a script confirming each question at once with its page's stamp (nothing
//                  stored or mailed), then one waiting the fill time, all to one recipient
//                  (confirmations stop at the address's budget, mails at the recipient's)
//   login-csrf     forged provider-callback links and a foreign page's two steps (a start by
//                  GET or from its own origin, then the callback): nobody signed in, no upstream
//                  call; one client's token guesses (cut off at the callback limit)
//   log-secrets    log in, reset a password and log in with a provider, every log line kept:
//                  none of the tokens, codes and passwords used in any; the reset page no-store
//   lockout        an attacker's wrong passwords, then the owner from another address (signed
//                  in at once); a spread attack, then the owner with the captcha
//   register       a new and a known address registered: the same answer, and its time
//   connections    a flood of slow-header connections past a small open-file limit: /healthz
//                  answers throughout, the bound is logged once, slow headers and trickled
//                  urlencoded and JSON bodies are cut at their deadlines, descriptors recover
//   disk           applications past the uploads budget (refused with the download-link
//                  message, nothing written), and a disk below its free-space floor (uploads
//                  refused, other forms stored, the log and /readyz say so)
//   slow bodies    one client trickling more bodies than the server has connections (multipart
//                  and urlencoded, to a page and a form, a byte per 5 s): /healthz and another
//                  client's form answered throughout; connections held, refused, cut by rate
//   reserved uploads  37 slow posts over 6 forms announcing the uploads budget: real CVs are
//                  stored meanwhile; the budget used
//   readyz         many public /readyz requests: the content service asked at most once per
//                  5 s, no counters unless asked with READY_TOKEN
//   image-versions invented image versions: copies at made-up versions, widths and formats,
//                  of drawings, under made-up names, beside a visitor's photo: no copy made,
//                  the encoder's and the server's CPU, the server's RSS before and after
import { existsSync } from 'node:fs';
import { cacheBusting } from './cache-busting';
import { controlChars } from './control-chars';
import { connections } from './connections';
import { disk } from './disk';
import { reservedUploads } from './reserved-uploads';
import { slowBodies } from './slow-bodies';
import { readyz } from './readyz';
import { imageVersions } from './image-versions';
import { crash } from './crash';
import { fastSenders } from './fast-senders';
import { scriptedConfirm } from './scripted-confirm';
import { fuzz } from './fuzz';
import { logVolume } from './log-volume';
import { mollie } from './mollie';
import { outage } from './outage';
import { PROFILES, type Profile } from './profiles';
import { createReport, type Report } from './report';
import { schoolClass } from './school-class';
import { shutdown } from './shutdown';
import { startSite, type Site } from './site';
import { uploads } from './uploads';
import { loginCsrf } from './login-csrf';
import { logSecrets } from './log-secrets';
import { lockout } from './lockout';
import { register } from './register';
import { startAccountsSite } from './accounts-site';
import { mollieEnv, startFakeMollie } from './mollie';
import { READY_TOKEN } from './readyz';
import { SERVER_CORE } from '../../test/support/wrk';

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const profileName = (args.get('profile') ?? 'full') as Profile['name'];
const profile = PROFILES[profileName];
if (!profile) {
  console.error(`Unknown profile ${profileName}: short or full`);
  process.exit(2);
}
const seed = Number(args.get('seed') ?? 17);
const only = args.get('only')?.split(',');
if (!existsSync('dist/server/index.cjs')) {
  console.error('No build in dist/: run `npm run build` first.');
  process.exit(2);
}

/** What a part runs against: a site, and whatever was started with it; `stop` ends them all. */
type Running = { site: Site; stop(): Promise<void> };

/** A server parts share: started by the first of them that runs, stopped once the next part to
 * run is not on it; started afresh when a part left it crashed or stopped with an error. */
type Shared<T extends Running> = { name: string; get(): Promise<T>; discard(): Promise<void> };

function shared<T extends Running>(name: string, start: () => Promise<T>): Shared<T> {
  let running: T | null = null;
  const discard = async () => {
    const was = running;
    running = null;
    await was?.stop();
  };
  return {
    name,
    async get() {
      if (running?.site.exit) await discard();
      return (running ??= await start());
    },
    discard,
  };
}

const siteOnly = async (env: Record<string, string>): Promise<Running> => {
  const site = await startSite(env);
  return { site, stop: () => site.stop() };
};

/** Which parts share a server, with the settings all of them can run with. */
const SHARED = {
  // Form budgets out of the way (every post is to reach the pipeline; the full profile sends 200
  // contact posts), form posts cut after the uploads part's short deadlines, and Mollie (a fake):
  // control-chars posts small forms at once, mollie one donation, both far inside the deadlines.
  forms: shared('forms', async () => {
    const fake = await startFakeMollie();
    const site = await startSite({
      FORM_POST_TIMEOUT_MS: String(profile.uploads.slowTotalMs),
      FORM_POST_IDLE_TIMEOUT_MS: String(profile.uploads.slowIdleMs),
      FORM_RATE_LIMIT: '1000',
      FORM_RATE_LIMIT_NO_CAPTCHA: '1000',
      ...mollieEnv(fake),
    }).catch(async (err: unknown) => {
      await fake.close();
      throw err;
    });
    return { site, fake, stop: async () => (await site.stop(), await fake.close()) };
  }),
  // The production default limits: nothing raised. school-class spends loopback's budgets, so it
  // comes last; fast-senders posts from an address of its own.
  defaults: shared('defaults', () => siteOnly({})),
  // The account parts' site (accounts-site.ts), with READY_TOKEN for the readyz part, which asks
  // its content service the same way.
  accounts: shared('accounts', () => startAccountsSite({ env: { READY_TOKEN } })),
};

type Part = { name: string; run: (report: Report) => Promise<void>; on?: Shared<Running> };

/** A part on a shared server: fails when the server crashed during it. */
function on<T extends Running>(server: Shared<T>, name: string, body: (running: T, report: Report) => Promise<void>): Part {
  return {
    name,
    on: server as unknown as Shared<Running>,
    async run(report) {
      const running = await server.get();
      await body(running, report);
      if (running.site.exit && running.site.expectRunning) report.fail(name, `the server crashed (exit code ${running.site.exit.code}, signal ${running.site.exit.signal})`);
    },
  };
}

const parts: Part[] = [
  { name: 'fuzz', run: (report) => fuzz({ seed, ...profile.fuzz }, report) },
  { name: 'outage', run: (report) => outage({ seed, ...profile.outage }, report) },
  { name: 'kill-9', run: (report) => crash({ seed, ...profile.crash }, report) },
  // The store is read for what each part made; control-chars first, on an empty one.
  on(SHARED.forms, 'control-chars', ({ site }, report) => controlChars(site, { seed, ...profile.controlChars }, report)),
  on(SHARED.forms, 'uploads', ({ site }, report) => uploads(site, profile.uploads, report)),
  on(SHARED.forms, 'mollie', (target, report) => mollie(target, profile.mollie, report)),
  on(SHARED.defaults, 'fast-senders', ({ site }, report) => fastSenders(site, profile.fastSenders, report)),
  on(SHARED.defaults, 'scripted-confirm', ({ site }, report) => scriptedConfirm(site, profile.scriptedConfirm, report)),
  on(SHARED.defaults, 'school-class', ({ site }, report) => schoolClass(site, profile.schoolClass, report)),
  // One server for both: SIGTERM ends it. cache-busting renders the pages it browses first.
  {
    name: 'load',
    run: (report) =>
      withSite(
        {},
        async (site) => {
          await cacheBusting(site, { seed, ...profile.cacheBusting }, report);
          await shutdown(site, profile.shutdown, report);
        },
        report,
        'load',
        // On a core of its own, with wrk on the other: the browsing client's figures are the
        // server's, not the load generator's.
        { core: SERVER_CORE },
      ),
  },
  // Its own server: it counts the log lines of its requests, warnings once per kind, on a
  // server nothing wrote to before, and its bot spends loopback's contact budget.
  { name: 'log-volume', run: (report) => logVolume(profile.logVolume, report) },
  // log-secrets first: it reads every line the site logged, from its start.
  on(SHARED.accounts, 'log-secrets', (accounts, report) => logSecrets(accounts, profile.logSecrets, report)),
  on(SHARED.accounts, 'login-csrf', (accounts, report) => loginCsrf(accounts, profile.loginCsrf, report)),
  on(SHARED.accounts, 'lockout', (accounts, report) => lockout(accounts, profile.lockout, report)),
  on(SHARED.accounts, 'register', (accounts, report) => register(accounts, profile.register, report)),
  on(SHARED.accounts, 'readyz', (accounts, report) => readyz(accounts, profile.readyz, report)),
  { name: 'connections', run: (report) => connections(profile.connections, report) },
  { name: 'disk', run: (report) => disk(profile.disk, report) },
  // Its own server, on a content service: it measures the server's CPU and memory.
  { name: 'image-versions', run: (report) => imageVersions({ seed, ...profile.imageVersions }, report) },
  { name: 'slow bodies', run: (report) => slowBodies(profile.slowBodies, report) },
  { name: 'reserved uploads', run: (report) => reservedUploads(profile.reservedUploads, report) },
];

/** A site on the embedded content, stopped after `body`. */
async function withSite(env: Record<string, string>, body: (site: Site) => Promise<void>, report: Report, part: string, opts: { core?: string } = {}): Promise<void> {
  const site = await startSite(env, opts);
  try {
    await body(site);
    if (site.exit && site.expectRunning) report.fail(part, `the server crashed (exit code ${site.exit.code}, signal ${site.exit.signal})`);
  } finally {
    await site.stop();
  }
}

/**
 * Parts that count and check what came back, with no bound on time tighter than seconds, run in
 * two lanes side by side first: most of their time is waiting (an outage held, a delivery after
 * it, a fill time, a restart), so one core each is plenty. Parts on one shared server stay in one
 * lane, in their order. The parts that measure latency or throughput against a bound (load with
 * cache-busting, connections, image-versions, slow bodies) then run one at a time on a machine
 * nothing else uses. `--one-at-a-time` runs every part alone, in the list's order.
 */
const LANES: Record<string, 1 | 2> = {
  outage: 1, 'control-chars': 1, uploads: 1, mollie: 1, 'log-volume': 1, disk: 1,
  fuzz: 2, 'kill-9': 2, 'fast-senders': 2, 'scripted-confirm': 2, 'school-class': 2,
  'log-secrets': 2, 'login-csrf': 2, lockout: 2, register: 2, readyz: 2, 'reserved uploads': 2,
};
const oneAtATime = args.has('one-at-a-time');

/** Runs `sequence` one part after another; a shared server is dropped after its last part. */
async function runParts(sequence: Part[], lane: string): Promise<void> {
  for (const [i, part] of sequence.entries()) {
    const t = performance.now();
    console.log(`- ${lane}${part.name}${part.on ? ` (on the ${part.on.name} server)` : ''}`);
    try {
      await part.run(report);
    } catch (err) {
      report.fail(part.name, `stopped by an error: ${(err as Error).stack ?? String(err)}`);
      await part.on?.discard();
    }
    if (part.on && sequence[i + 1]?.on !== part.on) await part.on.discard();
    report.figure(part.name, 'seconds', (performance.now() - t) / 1000);
  }
}

const report = createReport();
const started = performance.now();
console.log(`Resilience suite, profile ${profile.name}, seed ${seed}`);
const selected = parts.filter((part) => !only || only.includes(part.name));
const laned = (lane: 1 | 2) => (oneAtATime ? [] : selected.filter((part) => LANES[part.name] === lane));
const lanes = [laned(1), laned(2)].filter((sequence) => sequence.length > 0);
await Promise.all(lanes.map((sequence, i) => runParts(sequence, lanes.length > 1 ? `[lane ${i + 1}] ` : '')));
if (lanes.length > 0) report.figure('lanes', 'seconds', (performance.now() - started) / 1000);
await runParts(selected.filter((part) => oneAtATime || !LANES[part.name]), '');
report.figure('total', 'seconds', (performance.now() - started) / 1000);
report.print();
process.exit(report.failures.length ? 1 : 0);
