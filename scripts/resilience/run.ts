// npm run test:resilience [-- --profile=short|full] [--seed=N] [--only=fuzz,outage,...]
//
// The production build (run `npm run build` first) attacked the way a hostile or unlucky
// internet would (fuzzing, outages, kill -9, broken uploads, load, shutdown), each part against
// a server of its own started from dist/ on free ports, the content service faked where an
// outage is needed. Seeded random and time-bounded; prints a table of figures at the end and
// exits non-zero on any 5xx, crash, hang, leak or lost or duplicated submission.
//   fuzz           seeded random requests (paths, queries, headers, forms, the webhook)
//   outage         the content service answering 500, refusing connections, hanging
//   kill-9         kill -9 while submissions are being delivered, then restart
//   uploads        uploads aborted midway and a slow upload: descriptors and files left
//   load           cache-busting (one client asking for ever-new renders beside one browsing
//                  cached pages), then SIGTERM under load on keep-alive connections
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
//   login-csrf     forged provider-callback links (nobody signed in, no upstream call) and one
//                  client's token guesses (cut off at the callback limit)
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
//   readyz         many public /readyz requests: the content service asked at most once per
//                  5 s, no counters unless asked with READY_TOKEN
import { existsSync } from 'node:fs';
import { cacheBusting } from './cache-busting';
import { controlChars } from './control-chars';
import { connections } from './connections';
import { disk } from './disk';
import { readyz } from './readyz';
import { crash } from './crash';
import { fastSenders } from './fast-senders';
import { fuzz } from './fuzz';
import { logVolume } from './log-volume';
import { mollie } from './mollie';
import { outage } from './outage';
import { PROFILES, type Profile } from './profiles';
import { createReport, type Report } from './report';
import { schoolClass } from './school-class';
import { shutdown } from './shutdown';
import { settled, startSite, type Site } from './site';
import { uploads } from './uploads';
import { loginCsrf } from './login-csrf';
import { logSecrets } from './log-secrets';
import { lockout } from './lockout';
import { register } from './register';
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

type Part = { name: string; run: (report: Report) => Promise<void> };
const parts: Part[] = [
  { name: 'fuzz', run: (report) => fuzz({ seed, ...profile.fuzz }, report) },
  { name: 'outage', run: (report) => outage({ seed, ...profile.outage }, report) },
  { name: 'kill-9', run: (report) => crash({ seed, ...profile.crash }, report) },
  {
    name: 'uploads',
    run: (report) =>
      withSite({ FORM_POST_TIMEOUT_MS: String(profile.uploads.slowTotalMs), FORM_POST_IDLE_TIMEOUT_MS: String(profile.uploads.slowIdleMs), FORM_RATE_LIMIT: '1000', FORM_RATE_LIMIT_NO_CAPTCHA: '1000' }, (site) => uploads(site, profile.uploads, report), report, 'uploads'),
  },
  // The form budgets out of the way: every post is to reach the pipeline (the full profile sends 200).
  { name: 'control-chars', run: (report) => withSite({ FORM_RATE_LIMIT: '1000', FORM_RATE_LIMIT_NO_CAPTCHA: '1000' }, (site) => controlChars(site, { seed, ...profile.controlChars }, report), report, 'control-chars') },
  // The production default limits: nothing raised.
  { name: 'school-class', run: (report) => withSite({}, (site) => schoolClass(site, profile.schoolClass, report), report, 'school-class') },
  { name: 'fast-senders', run: (report) => withSite({}, (site) => fastSenders(site, profile.fastSenders, report), report, 'fast-senders') },
  // One server for both, once its startup renders are done: SIGTERM ends it.
  {
    name: 'load',
    run: (report) =>
      withSite(
        {},
        async (site) => {
          await settled(site.pid);
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
  { name: 'mollie', run: (report) => mollie(profile.mollie, report) },
  { name: 'log-volume', run: (report) => logVolume(profile.logVolume, report) },
  { name: 'login-csrf', run: (report) => loginCsrf(profile.loginCsrf, report) },
  { name: 'log-secrets', run: (report) => logSecrets(profile.logSecrets, report) },
  { name: 'lockout', run: (report) => lockout(profile.lockout, report) },
  { name: 'register', run: (report) => register(profile.register, report) },
  { name: 'connections', run: (report) => connections(profile.connections, report) },
  { name: 'disk', run: (report) => disk(profile.disk, report) },
  { name: 'readyz', run: (report) => readyz(profile.readyz, report) },
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

const report = createReport();
const started = performance.now();
console.log(`Resilience suite, profile ${profile.name}, seed ${seed}`);
for (const part of parts) {
  if (only && !only.includes(part.name)) continue;
  const t = performance.now();
  console.log(`- ${part.name}`);
  try {
    await part.run(report);
  } catch (err) {
    report.fail(part.name, `stopped by an error: ${(err as Error).stack ?? String(err)}`);
  }
  report.figure(part.name, 'seconds', (performance.now() - t) / 1000);
}
report.figure('total', 'seconds', (performance.now() - started) / 1000);
report.print();
process.exit(report.failures.length ? 1 : 0);
