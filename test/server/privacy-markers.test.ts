// No personal data past its period, proven with markers. The built server (as `npm run serve`
// runs it) over a fake content service (form collections, uploads, users-permissions, the
// snapshot) and a test SMTP server. Every form of the site is posted twice, without JavaScript
// (urlencoded, or multipart with the CV, a signed stamp) and with it (JSON answer, a solved
// captcha), each time with marker values of its own in every field that takes free text: names,
// address, phone, messages, the CV's name and bytes, passwords. This is an integration test,
// not a browser: the two ways are the two kinds of post the browser sends (e2e/ posts the same
// forms from Chromium); it runs in about a minute.
//
// Phase 1, default retention: everything is delivered and mailed; the CV leaves the disk as soon
// as it is delivered; the markers of everything stored are found in the SQLite file's bytes
// (the search can fail). Phase 2, the same data folder with every period 0: the purge takes the
// backlog at startup; a replayed post is still the same submission. Then no marker may be in
// any log line of either run, in the store's file (secure_delete: no deleted bytes in free pages;
// the write-ahead log checkpointed and truncated) or anywhere in the data folder.
import assert from 'node:assert/strict';
import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import Database from 'better-sqlite3';
import { createFormStamps } from '../../server/forms/bot-guard';
import { databasePath } from '../../server/store/database';
import { ANSWERS, ITEM_COUNT } from '../../src/features/loneliness-test/rules/test-answers';
import { fakeCollection, type FakeCollection } from '../support/fake-collection';
import { snapshotResponder, startFakeContentService, type FakeContentService } from '../support/fake-content-service';
import { fakeUploads } from '../support/fake-uploads';
import { fakeUsersPermissions } from '../support/fake-users-permissions';
import { spawnServer, type SpawnedServer } from '../support/spawn-server';
import { startSmtp, type TestSmtp } from './store/helpers/smtp';

const FORM_SECRET = 'marker-test-form-secret-0123456789';
const stamps = createFormStamps(FORM_SECRET);
const COLLECTIONS = ['contact-submissions', 'course-information-requests', 'keep-me-posted-requests', 'sign-ups', 'start-location-requests', 'vacancy-applications', 'donations', 'loneliness-test-results'];
const PDF = (marker: string) => Buffer.from(`%PDF-1.4\n% ${marker}\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`);

/** Twelve letters nobody else writes; a phone number of its own. */
const word = () => Array.from({ length: 12 }, () => String.fromCharCode(97 + randomInt(26))).join('');
const phone = () => `06${String(randomInt(10_000_000, 99_999_999))}`;
const bornYearsAgo = (years: number) => `${new Date().getUTCFullYear() - years}-03-15`;
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

type Post = { form: string; page: string; fields: Record<string, string>; file?: { field: string; name: string; bytes: Buffer }; stored: boolean };

/** Every form, with markers in each free-text field; `markers` gets each one, `notStored` those
 * the site's store never holds (the CV's bytes live in its file until delivery). */
function posts(markers: string[], notStored: Set<string>, mode: string): Post[] {
  const m = () => {
    const value = `${mode}${word()}`;
    markers.push(value);
    return value;
  };
  const tel = () => {
    const value = phone();
    markers.push(value);
    return value;
  };
  const email = () => `${m()}@example.org`;
  const cvName = m();
  const cvBytes = m();
  notStored.add(cvBytes);
  return [
    { form: 'contact', page: '/contact', stored: true, fields: { name: `Sam ${m()}`, email: email(), message: `Bericht ${m()}`, privacy: 'on' } },
    {
      form: 'course-information', page: '/contact', stored: true,
      fields: { name: `Lotte ${m()}`, organisation: `Gemeente ${m()}`, email: email(), phone: tel(), message: `Vraag ${m()}`, preferredLocation: 'Tiel', preferredDate: inDays(30), privacy: 'on', context: 'course:eenzaamheid-herkennen-bij-jongeren' },
    },
    { form: 'keep-me-posted', page: '/locaties', stored: true, fields: { email: email(), postcode: '4001 AB', privacy: 'on', context: 'keep-me-posted:no-location' } },
    {
      form: 'sign-up', page: '/aanmelden', stored: true,
      fields: { firstname: `Noor ${m()}`, lastname: m(), date_of_birth: bornYearsAgo(15), email: email(), telephone: tel(), agreement: 'on', context: 'group:tiel-12-16' },
    },
    {
      form: 'start-location', page: '/contact', stored: true,
      fields: { name: `Eva ${m()}`, email: email(), jobTitle: `Werker ${m()}`, municipality: 'Buren', howHeard: `Via ${m()}`, phone: tel(), message: `Start ${m()}`, privacy: 'on' },
    },
    {
      form: 'vacancy-application', page: '/contact', stored: true,
      fields: { name: `Mo ${m()}`, email: email(), phone: tel(), remarks: `Opmerking ${m()}`, privacy: 'on', context: 'vacancy:jongerenwerker-tiel' },
      file: { field: 'cv', name: `CV ${cvName}.pdf`, bytes: PDF(cvBytes) },
    },
    {
      form: 'loneliness-test', page: '/doe-de-test/start', stored: true,
      fields: { ...Object.fromEntries(Array.from({ length: ITEM_COUNT }, (_, i) => [`q${i + 1}`, ANSWERS[i % ANSWERS.length]!])), postcode: '4001 AB', age: '17', consent: 'on', researchPermission: 'on', email: email() },
    },
    { form: 'donation', page: '/doneren', stored: true, fields: { firstname: `Fien ${m()}`, lastname: m(), email: email(), organisation: `Stichting ${m()}`, donateAs: 'organisation', amount: 'other', amountOther: '12,34', frequency: 'once', terms: 'on' } },
  ];
}

describe('no marker past its period: logs, store, data folder', { concurrency: false }, () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'joinus-markers-'));
  const received = path.join(mkdtempSync(path.join(tmpdir(), 'joinus-markers-cms-')), 'uploads');
  const markers: string[] = [];
  const notStored = new Set<string>();
  const logLines: string[] = [];
  const collections = new Map<string, FakeCollection>(COLLECTIONS.map((c) => [c, fakeCollection(c)]));
  const uploads = fakeUploads(received);
  const users = fakeUsersPermissions('v4');
  let upstream: FakeContentService;
  let smtp: TestSmtp;
  let server: SpawnedServer;
  let replay: { fields: URLSearchParams; id: string; plain: URLSearchParams } | null = null;

  const start = async (env: Record<string, string> = {}) =>
    spawnServer(
      {
        DATA_DIR: dataDir, FORM_SECRET, STRAPI_URL: upstream.url, SMTP_URL: smtp.url, LOG_LEVEL: 'debug', RENDER_AHEAD: 'off', FORM_MIN_FILL_MS: '0',
        FORM_RATE_LIMIT: '10000', FORM_RATE_LIMIT_NO_CAPTCHA: '10000', RENDER_RATE_LIMIT: '0', ...env,
      },
      { onLogLine: (line) => logLines.push(line) },
    );
  const stop = async () => {
    const exited = new Promise((r) => server.child.once('exit', r));
    server.child.kill('SIGTERM');
    await exited;
  };
  /** A read of the store while the server runs (phase 1 only: a reader can hold back the purge's checkpoint). */
  const query = <T>(sql: string): T => {
    const db = new Database(databasePath(dataDir), { readonly: true });
    try {
      return db.prepare(sql).get() as T;
    } finally {
      db.close();
    }
  };
  const until = async (what: string, check: () => boolean | Promise<boolean>, ms = 30_000) => {
    const end = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > end) throw new Error(`${what}: not within ${ms} ms`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const captcha = async () => {
    const challenge = (await (await fetch(`${server.url}/api/captcha/challenge`)).json()) as Challenge;
    const solution = await solveChallenge({ challenge, deriveKey });
    return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  };
  const send = async (p: Post, js: boolean, extra: Record<string, string> = {}, cookie?: string) => {
    const fields: Record<string, string> = { ...p.fields, _page: p.page, _locale: 'nl', website: '', ...extra };
    if (js) Object.assign(fields, { altcha: await captcha(), _sid: extra._sid ?? randomBytes(12).toString('hex') });
    else fields._ts = stamps.stamp(Date.now() - 10_000);
    let body: FormData | URLSearchParams;
    if (p.file) {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      form.append(p.file.field, new Blob([new Uint8Array(p.file.bytes)], { type: 'application/pdf' }), p.file.name);
      body = form;
    } else body = new URLSearchParams(fields);
    const headers: Record<string, string> = { Origin: server.url, ...(js ? { Accept: 'application/json' } : {}), ...(cookie ? { Cookie: cookie } : {}) };
    const res = await fetch(`${server.url}/forms/${p.form}`, { method: 'POST', headers, body, redirect: 'manual' });
    const text = await res.text();
    return { status: res.status, location: res.headers.get('location'), text, cookies: res.headers.getSetCookie(), sent: fields };
  };

  before(async () => {
    smtp = await startSmtp();
    const content = snapshotResponder();
    upstream = await startFakeContentService((req, incoming) => {
      if (req.path === '/api/upload') return uploads.answer(req, incoming);
      if (/^\/api\/(auth|users)(\/|$)/.test(req.path)) return users.responder(req, incoming);
      const collection = collections.get(req.path.replace(/^\/api\//, ''));
      return collection ? collection.answer(req) : content(req, incoming);
    });
    server = await start();
  });

  after(async () => {
    if (server?.child.exitCode === null) await stop();
    await Promise.all([upstream?.down(), smtp?.close()]);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(path.dirname(received), { recursive: true, force: true });
  });

  test('phase 1: every form without and with JavaScript, the accounts too; delivered, mailed, the CV off the disk, every stored marker in the file', async () => {
    for (const js of [false, true]) {
      for (const p of posts(markers, notStored, js ? 'js' : 'nojs')) {
        const answer = await send(p, js);
        assert.ok(answer.status === 200 || answer.status === 303, `${p.form} ${js ? 'with' : 'without'} JavaScript: ${answer.status} ${answer.text.slice(0, 300)}`);
        if (p.form === 'donation') {
          const checkout = js ? (JSON.parse(answer.text) as { redirect: string }).redirect : answer.location!;
          const paid = await fetch(`${server.url}${new URL(checkout, server.url).pathname}`, { method: 'POST', headers: { Origin: server.url }, body: new URLSearchParams({ outcome: 'paid' }), redirect: 'manual' });
          assert.equal(paid.status, 303, 'paid at the test checkout');
        }
        if (p.form === 'contact') {
          if (js) replay = { fields: new URLSearchParams(answer.sent), id: (JSON.parse(answer.text) as { id: string }).id, plain: replay?.plain ?? new URLSearchParams() };
          else replay = { fields: new URLSearchParams(), id: '', plain: new URLSearchParams(answer.sent) };
        }
      }
      // The account forms: their answers go to users-permissions, never to the store; the
      // site's own account mail does (the "your account is ready" mail).
      const who = `${js ? 'js' : 'nojs'}${word()}`;
      const password = `Pw-${word()}-1A`;
      const renewed = `Pw-${word()}-2B`;
      markers.push(who, password, renewed);
      // Passwords never reach the store; the address does, in the site's "account ready" mail.
      notStored.add(password).add(renewed);
      const email = `${who}@example.org`;
      const account = (form: string, fields: Record<string, string>, cookie?: string) => send({ form, page: '/login', fields, stored: false }, js, {}, cookie);
      const registered = await account('register', { username: who, email, password, passwordConfirmation: password });
      assert.ok(registered.status < 400, `register: ${registered.status} ${registered.text.slice(0, 200)}`);
      const login = await account('login', { email, password });
      const session = login.cookies.find((c) => c.startsWith('joinus_session=') && !c.startsWith('joinus_session=;'))?.split(';')[0];
      assert.ok(session, `login: ${login.status} ${login.text.slice(0, 200)}`);
      const changed = await account('change-password', { currentPassword: password, password: renewed, passwordConfirmation: renewed }, session);
      assert.ok(changed.status < 400, `change-password: ${changed.status}`);
      assert.ok((await account('forgot-password', { email })).status < 400, 'forgot-password');
      const code = users.resetCodes.get(email);
      assert.ok(code, 'a reset code was made');
      assert.ok((await account('reset-password', { code, password: `${password}x`, passwordConfirmation: `${password}x` })).status < 400, 'reset-password');
      // Asked for an address not yet confirmed (the one above is: no confirmation in this fake).
      const unconfirmed = `${js ? 'js' : 'nojs'}${word()}`;
      markers.push(unconfirmed);
      notStored.add(unconfirmed);
      const resent = await account('resend-confirmation', { email: `${unconfirmed}@example.org` });
      assert.ok(resent.status < 400, `resend-confirmation: ${resent.status} ${resent.text.slice(0, 200)}`);
    }

    await until('every submission delivered and every mail sent', () => {
      const waiting = query<{ n: number }>("SELECT (SELECT COUNT(*) FROM submissions WHERE status <> 'delivered') + (SELECT COUNT(*) FROM mail_outbox WHERE status <> 'sent') AS n");
      return waiting.n === 0;
    });
    for (const name of COLLECTIONS) assert.equal(collections.get(name)!.records.length, 2, `${name}: one record per way of posting`);
    assert.equal(uploads.files.length, 2, 'both CVs in the content service');
    await until('the CVs off the site\'s disk', () => readdirSync(path.join(dataDir, 'uploads')).length === 0, 10_000);
    await stop();

    const file = readFileSync(databasePath(dataDir)).toString('latin1');
    const expected = markers.filter((mk) => !notStored.has(mk));
    assert.ok(expected.length > 50, `${expected.length} markers stored`);
    assert.deepEqual(expected.filter((mk) => !file.includes(mk)), [], 'every stored marker is in the file before the purge: the search finds what is there');
  });

  test('phase 2: every period 0, the backlog purged at startup; a replayed post is still the same submission', async () => {
    const before = logLines.length;
    server = await start({ RETENTION_DELIVERED_DAYS: '0', RETENTION_SENT_MAIL_DAYS: '0', RETENTION_DONATION_DAYS: '0', RETENTION_UNDELIVERED_WARN_DAYS: '1', RETENTION_UNDELIVERED_DAYS: '1' });
    const removed = () => logLines.slice(before).filter((l) => l.includes('personal data removed')).map((l) => JSON.parse(l) as Record<string, number>);
    const sum = (key: string) => removed().reduce((n, l) => n + (l[key] ?? 0), 0);
    // 16 submissions (8 forms twice; the test's answers anonymous), every mail, both donations.
    await until('the backlog purged', () => sum('submissions') === 16 && sum('donations') === 2 && sum('mails') >= 16, 30_000);

    const again = await fetch(`${server.url}/forms/contact`, { method: 'POST', headers: { Origin: server.url, Accept: 'application/json' }, body: replay!.fields, redirect: 'manual' });
    assert.equal(again.status, 200);
    assert.equal(((await again.json()) as { id: string }).id, replay!.id, 'with JavaScript: the same submission, by its key');
    const plain = new URLSearchParams(replay!.plain);
    plain.set('_ts', stamps.stamp(Date.now() - 10_000));
    const againPlain = await fetch(`${server.url}/forms/contact`, { method: 'POST', headers: { Origin: server.url }, body: plain, redirect: 'manual' });
    assert.equal(againPlain.status, 303);
    await new Promise((r) => setTimeout(r, 500));
    assert.equal(collections.get('contact-submissions')!.records.length, 2, 'delivered once each, replays and all');
    await stop();
    assert.equal(query<{ n: number }>('SELECT COUNT(*) AS n FROM submissions').n, 16, 'no new record for the replays');
    assert.equal(query<{ n: number }>('SELECT COUNT(*) AS n FROM submissions WHERE purged_at IS NULL').n, 0);
  });

  test('then no marker in any log line, in the store\'s file or anywhere in the data folder', () => {
    assert.ok(logLines.length > 100 && logLines.some((l) => l.includes('submission delivered')), `the log was read (${logLines.length} lines)`);
    const inLogs = markers.filter((mk) => logLines.some((l) => l.includes(mk)));
    assert.deepEqual(inLogs.map((mk) => logLines.find((l) => l.includes(mk))!.slice(0, 300)), [], 'no marker in a log line');
    const files = walk(dataDir);
    assert.ok(files.some((f) => f.endsWith('joinus.sqlite')));
    const found: string[] = [];
    for (const f of files) {
      const bytes = readFileSync(f).toString('latin1');
      for (const mk of markers) if (bytes.includes(mk)) found.push(`${path.relative(dataDir, f)}: ${mk}`);
    }
    assert.deepEqual(found, [], 'no marker in the data folder');
    console.log(`# ${markers.length} markers, ${logLines.length} log lines, ${files.length} files in the data folder (${files.map((f) => `${path.relative(dataDir, f)} ${statSync(f).size} B`).join(', ')})`);
  });
});

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}
