// npm run bench:retention: what the retention purge does to a store that took 1,000 submissions.
//
// 1. The production build over a fake content service (form collections and uploads) and a test
//    SMTP server, default retention: 1,000 posts as a browser without JavaScript sends them
//    (contact, sign-up, course information, start location, keep me posted, and a vacancy
//    application with a 20 kB CV in every twentieth), 8 at a time; every submission delivered
//    and every mail sent. The store measured.
// 2. The same data folder, started again with every period 0 (the hard bound 1 day): the purge
//    takes the whole backlog at startup. The store measured again; and a VACUUM'd copy, for what
//    the file would be if it were rewritten (the purge does not: a VACUUM holds the store
//    for its whole run; the space freed inside pages is zeroed and used for new records).
// 3. The same purge in this process on a copy of the store of step 1, batch by batch, with the
//    event loop's delay measured: how long a request could wait behind a batch.
//
// BENCH_SUBMISSIONS (default 1000) changes the count.
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import { createFormStamps } from '../server/forms/bot-guard';
import { databasePath, openDatabase } from '../server/store/database';
import { createPurge } from '../server/store/purge';
import { retentionSettings } from '../server/store/retention';
import { fakeCollection, type FakeCollection } from '../test/support/fake-collection';
import { startFakeContentService } from '../test/support/fake-content-service';
import { fakeUploads } from '../test/support/fake-uploads';
import { spawnServer, type SpawnedServer } from '../test/support/spawn-server';
import { startSmtp } from '../test/server/store/helpers/smtp';

const COUNT = Number(process.env.BENCH_SUBMISSIONS ?? 1000);
const FORM_SECRET = 'bench-retention-form-secret-0123456789';
const stamps = createFormStamps(FORM_SECRET);
const PERIODS_ZERO = { RETENTION_DELIVERED_DAYS: '0', RETENTION_SENT_MAIL_DAYS: '0', RETENTION_DONATION_DAYS: '0', RETENTION_UNDELIVERED_WARN_DAYS: '1', RETENTION_UNDELIVERED_DAYS: '1' };
const CV = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(20 * 1024, 0x20), Buffer.from('\n%%EOF\n')]);

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const bornYearsAgo = (years: number) => `${new Date().getUTCFullYear() - years}-03-15`;

/** The n-th post: its form, its fields, a CV or not. */
function nth(n: number): { form: string; fields: Record<string, string>; cv: boolean } {
  const who = `Persoon ${n}`;
  const email = `persoon${n}@example.org`;
  const message = `Bericht nummer ${n}. Ik wil graag meer weten over de groepen bij mij in de buurt en hoe ik mee kan doen. `.repeat(3);
  switch (n % 20) {
    case 0:
      return { form: 'vacancy-application', cv: true, fields: { name: who, email, phone: '0612345678', remarks: message, privacy: 'on', context: 'vacancy:jongerenwerker-tiel' } };
    case 1: case 2: case 3:
      return { form: 'sign-up', cv: false, fields: { firstname: 'Noor', lastname: `Jansen ${n}`, date_of_birth: bornYearsAgo(15), email, telephone: '0612345678', agreement: 'on', context: 'group:tiel-12-16' } };
    case 4: case 5:
      return { form: 'course-information', cv: false, fields: { name: who, organisation: 'Gemeente Tiel', email, phone: '0612345678', message, preferredLocation: 'Tiel', preferredDate: inDays(30), privacy: 'on', context: 'course:eenzaamheid-herkennen-bij-jongeren' } };
    case 6:
      return { form: 'start-location', cv: false, fields: { name: who, email, jobTitle: 'Jongerenwerker', municipality: 'Buren', howHeard: 'Via een collega', phone: '0612345678', message, privacy: 'on' } };
    case 7: case 8:
      return { form: 'keep-me-posted', cv: false, fields: { email, postcode: '4001 AB', privacy: 'on', context: 'keep-me-posted:no-location' } };
    default:
      return { form: 'contact', cv: false, fields: { name: who, email, message, privacy: 'on' } };
  }
}

async function post(site: SpawnedServer, n: number): Promise<number> {
  const { form, fields, cv } = nth(n);
  const all = { ...fields, _page: '/contact', _locale: 'nl', website: '', _ts: stamps.stamp(Date.now() - 10_000) };
  let body: FormData | URLSearchParams = new URLSearchParams(all);
  if (cv) {
    const data = new FormData();
    for (const [k, v] of Object.entries(all)) data.append(k, v);
    data.append('cv', new Blob([new Uint8Array(CV)], { type: 'application/pdf' }), `cv-${n}.pdf`);
    body = data;
  }
  const res = await fetch(`${site.url}/forms/${form}`, { method: 'POST', headers: { Origin: site.url }, body, redirect: 'manual' });
  await res.arrayBuffer();
  return res.status;
}

type Measure = Record<string, string | number>;

function measure(dataDir: string): Measure {
  const file = databasePath(dataDir);
  const size = (f: string) => (existsSync(f) ? statSync(f).size : 0);
  const uploads = path.join(dataDir, 'uploads');
  const uploadBytes = existsSync(uploads) ? readdirSync(uploads, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).reduce((n, e) => n + statSync(path.join(e.parentPath, e.name)).size, 0) : 0;
  const db = new Database(file, { readonly: true });
  try {
    const one = <T>(sql: string) => db.prepare(sql).get() as T;
    const sub = one<{ n: number; kept: number; bytes: number }>('SELECT COUNT(*) AS n, SUM(purged_at IS NULL) AS kept, SUM(length(data) + length(files)) AS bytes FROM submissions');
    const mail = one<{ n: number; kept: number; bytes: number }>('SELECT COUNT(*) AS n, SUM(purged_at IS NULL) AS kept, SUM(length(message)) AS bytes FROM mail_outbox');
    const stat = one<{ used: number }>("SELECT SUM(payload) AS used FROM dbstat WHERE name IN ('submissions', 'mail_outbox', 'donations')");
    const pages = one<{ n: number }>('SELECT page_count AS n FROM pragma_page_count()').n;
    const free = one<{ n: number }>('SELECT freelist_count AS n FROM pragma_freelist_count()').n;
    return {
      'file (bytes)': size(file),
      'write-ahead log (bytes)': size(`${file}-wal`),
      'pages, free pages': `${pages}, ${free}`,
      'row payload in the three tables (bytes)': stat.used,
      'submissions: rows, with answers': `${sub.n}, ${sub.kept ?? 0}`,
      'submissions: answers and file lists (bytes)': sub.bytes ?? 0,
      'mails: rows, with addresses and text': `${mail.n}, ${mail.kept ?? 0}`,
      'mails: addresses and text (bytes)': mail.bytes ?? 0,
      'uploads on disk (bytes)': uploadBytes,
    };
  } finally {
    db.close();
  }
}

function vacuumedSize(dataDir: string): number {
  const copy = mkdtempSync(path.join(tmpdir(), 'bench-retention-vacuum-'));
  try {
    const target = path.join(copy, 'copy.sqlite');
    const db = new Database(databasePath(dataDir), { readonly: true });
    db.exec(`VACUUM INTO '${target.replace(/'/g, "''")}'`);
    db.close();
    return statSync(target).size;
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

async function until(what: string, check: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function stop(site: SpawnedServer): Promise<void> {
  const exited = new Promise((r) => site.child.once('exit', r));
  site.child.kill('SIGTERM');
  await exited;
}

async function main(): Promise<void> {
  const work = mkdtempSync(path.join(tmpdir(), 'bench-retention-'));
  const dataDir = path.join(work, 'data');
  const names = ['contact-submissions', 'sign-ups', 'course-information-requests', 'start-location-requests', 'keep-me-posted-requests', 'vacancy-applications'];
  const collections = new Map<string, FakeCollection>(names.map((c) => [c, fakeCollection(c)]));
  const uploads = fakeUploads(path.join(work, 'received'));
  const upstream = await startFakeContentService((req, incoming) => {
    if (req.path === '/api/upload') return uploads.answer(req, incoming);
    return collections.get(req.path.replace(/^\/api\//, ''))?.answer(req) ?? { status: 404, json: { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found' } } };
  });
  const smtp = await startSmtp();
  const env = { DATA_DIR: dataDir, FORM_SECRET, STRAPI_URL: upstream.url, SMTP_URL: smtp.url, RENDER_AHEAD: 'off', FORM_MIN_FILL_MS: '0', FORM_RATE_LIMIT: '100000', FORM_RATE_LIMIT_NO_CAPTCHA: '100000', LOG_LEVEL: 'info' };
  const purgedLines: Array<Record<string, number>> = [];
  try {
    let site = await spawnServer(env);
    const started = performance.now();
    let next = 0;
    const statuses = new Map<number, number>();
    await Promise.all(Array.from({ length: 8 }, async () => {
      while (next < COUNT) {
        const status = await post(site, next++);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }));
    const postedMs = performance.now() - started;
    const delivered = () => [...collections.values()].reduce((n, c) => n + c.records.length, 0);
    await until('every submission delivered', () => delivered() === COUNT, 600_000);
    const submissionsMs = performance.now() - started;
    const storedMails = () => {
      const db = new Database(databasePath(dataDir), { readonly: true });
      try {
        return (db.prepare("SELECT COUNT(*) AS n FROM mail_outbox WHERE status <> 'sent'").get() as { n: number }).n;
      } finally {
        db.close();
      }
    };
    await until('every mail sent', () => storedMails() === 0, 600_000);
    const deliveredMs = performance.now() - started;
    await stop(site);
    const before = measure(dataDir);
    const beforeVacuum = vacuumedSize(dataDir);
    const copy = path.join(work, 'copy');
    mkdirSync(copy);
    // Stopped cleanly, the store is one file (the write-ahead log checkpointed and removed).
    copyFileSync(databasePath(dataDir), databasePath(copy));

    const purgeStarted = performance.now();
    site = await spawnServer({ ...env, ...PERIODS_ZERO }, { onLogLine: (line) => line.includes('personal data removed') && purgedLines.push(JSON.parse(line) as Record<string, number>) });
    const sum = (key: string) => purgedLines.reduce((n, l) => n + (l[key] ?? 0), 0);
    await until('the backlog purged', () => sum('submissions') === COUNT, 120_000);
    const purgeMs = performance.now() - purgeStarted;
    await stop(site);
    const after = measure(dataDir);
    const afterVacuum = vacuumedSize(dataDir);

    // The same purge in this process, on the copy, batch by batch.
    const db = openDatabase(copy);
    const purge = createPurge(db, { settings: retentionSettings({ delivered: 0, sentMail: 0, undeliveredWarn: 1, undelivered: 1, donation: 0 }), uploadsDir: path.join(copy, 'uploads') });
    const delay = monitorEventLoopDelay({ resolution: 1 });
    delay.enable();
    const batches: number[] = [];
    for (let more = true; more; ) {
      const t = performance.now();
      ({ more } = await purge.runBatch(Date.now()));
      batches.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 0));
    }
    delay.disable();
    db.close();

    const rows = Object.keys(before).map((key) => [key, String(before[key]), String(after[key])]);
    rows.push(['file after VACUUM INTO a copy (bytes)', String(beforeVacuum), String(afterVacuum)]);
    const widths = [0, 1, 2].map((i) => Math.max(...rows.map((r) => r[i]!.length), ['', 'before the purge', 'after'][i]!.length));
    const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
    console.log(`\n${COUNT} submissions posted in ${(postedMs / 1000).toFixed(1)} s (answers: ${[...statuses].map(([s, n]) => `${n}x ${s}`).join(', ')}); all delivered after ${(submissionsMs / 1000).toFixed(1)} s, all mailed after ${(deliveredMs / 1000).toFixed(1)} s (one SMTP connection per mail); ${uploads.files.length} CVs to the content service, ${smtp.received.length} mails sent`);
    console.log(`purge of the backlog at the restart with every period 0: start to last batch ${(purgeMs / 1000).toFixed(1)} s (server start included), ${purgedLines.length} log lines: ${sum('submissions')} submissions, ${sum('mails')} mails, ${sum('files')} file lists\n`);
    console.log(line(['', 'before the purge', 'after']));
    for (const r of rows) console.log(line(r));
    const sorted = [...batches].sort((a, b) => a - b);
    console.log(`\nin-process purge of a copy: ${batches.length} runs of at most 100 rows per step; a run took median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(1)} ms, longest ${sorted.at(-1)!.toFixed(1)} ms; event-loop delay max ${(delay.max / 1e6).toFixed(1)} ms, p99 ${(delay.percentile(99) / 1e6).toFixed(1)} ms`);
  } finally {
    await upstream.down();
    await smtp.close();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
