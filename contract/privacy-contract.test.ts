// One person's data against the real Strapi of `cms/` (AVG articles 15 and 17): one address
// fills in every form of the site (the CV included), gives a paid donation, mails itself the
// loneliness test's result and registers an account; once everything is delivered, the
// operator command, built as the image runs it (`node dist/scripts/submissions.cjs`), finds it
// in the site's store and in Strapi, exports it, erases it (counts only, never the address),
// finds nothing afterwards, and a second erase changes nothing. Strapi is then asked directly:
// no entry, no file (neither in its library nor on its disk), no account. The CV left the
// site's disk when it was delivered.
//
// Run: `npm run test:contract -- contract/privacy-contract.test.ts` (alone; Strapi seeded once,
// this file's Strapi started from a copy: contract/run.ts).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createFormStamps } from '../server/forms/bot-guard';
import { startSmtp, type TestSmtp } from '../test/server/store/helpers/smtp';
import { formSamples, postSample } from './support/forms';
import { FORM_SECRET, freePort, ROOT, startSite, startStrapi, strapiEnvIn, waitFor, type Running, type StrapiEnv } from './support/processes';

const work = mkdtempSync(path.join(tmpdir(), 'joinus-privacy-contract-'));
const token = randomBytes(32).toString('hex');
const webhookSecret = randomBytes(24).toString('hex');
const previewSecret = randomBytes(24).toString('hex');
const marker = randomBytes(4).toString('hex');
const ADDRESS = `lieke+${marker}@example.org`;
const stamps = createFormStamps(FORM_SECRET);
const siteData = path.join(work, 'site-data');
/** The collections a form with an address delivers to (the loneliness test's is anonymous). */
const WITH_ADDRESS = ['contact-submissions', 'course-information-requests', 'keep-me-posted-requests', 'sign-ups', 'start-location-requests', 'vacancy-applications', 'donations'];
let strapi: Running;
let strapiEnv: StrapiEnv;
let site: Running;
let smtp: TestSmtp;

async function cms(pathAndQuery: string, init: RequestInit = {}): Promise<{ status: number; body: any }> {
  const res = await fetch(`${strapi.url}/api${pathAndQuery}`, { ...init, headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, signal: AbortSignal.timeout(10_000) });
  return { status: res.status, body: await res.json().catch(() => null) };
}

/**
 * The operator command as the image runs it. Waited for without blocking this process (not
 * spawnSync): blocked for seconds, it missed Strapi closing an idle keep-alive connection, and
 * the next request on that connection failed ("other side closed").
 */
async function command(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['dist/scripts/submissions.cjs', ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', DATA_DIR: siteData, STRAPI_URL: strapi.url, STRAPI_TOKEN: token },
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 60_000,
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const [code] = (await once(child, 'close')) as [number | null];
  return { code, stdout, stderr };
}

const show = (title: string, out: string) => console.log(`# --- ${title}\n${out.trimEnd().split('\n').map((l) => `#   ${l}`).join('\n')}`);

describe('one person\'s data against the real Strapi: find, export, erase', { concurrency: false }, () => {
  let cvUrl = '';
  let cvId = 0;

  before(async () => {
    smtp = await startSmtp();
    const strapiPort = await freePort();
    const sitePort = await freePort();
    strapiEnv = strapiEnvIn(work, { port: strapiPort, sitePort, token, webhookSecret, previewSecret }, { smtpPort: smtp.port });
    strapi = await startStrapi(strapiEnv);
    site = await startSite({ port: sitePort, dataDir: siteData, logFile: path.join(work, 'site.log'), strapi: { url: strapi.url, token, webhookSecret, previewSecret } });
  });

  after(async () => {
    await Promise.all([site?.stop(), strapi?.stop(), smtp?.close()]);
    if (process.env.CONTRACT_KEEP !== '1') rmSync(work, { recursive: true, force: true });
    else console.log(`# kept ${work}`);
  });

  test('one address fills in every form, donates, mails itself its test result and registers; all of it delivered', async () => {
    for (const sample of formSamples(marker)) {
      const fields = { ...sample.fields, email: ADDRESS };
      const answer = await postSample(site.url, { ...sample, fields });
      assert.equal(answer.status, 200, `${sample.form}: ${JSON.stringify(answer.body)}`);
      if (typeof answer.body.id !== 'string') continue;
      const query = `/${sample.collection}?filters[submissionId][$eq]=${encodeURIComponent(answer.body.id)}&populate=*`;
      await waitFor(`${sample.form} delivered`, async () => (await cms(query)).body?.data?.length === 1, 30_000, site);
      if (sample.file) {
        const cv = (await cms(query)).body.data[0][sample.file.field];
        cvUrl = cv.url;
        cvId = cv.id;
      }
    }
    assert.ok(cvUrl.startsWith('/uploads/') && existsSync(path.join(strapiEnv.publicDir, cvUrl)), `the CV is in Strapi's library and on its disk (${cvUrl})`);

    const form = new URLSearchParams({ firstname: 'Lieke', lastname: `Markering${marker}`, email: ADDRESS, amount: '25', frequency: 'once', terms: 'on', _page: '/doneren', _locale: 'nl', _ts: stamps.stamp(Date.now() - 10_000) });
    const post = await fetch(`${site.url}/forms/donation`, { method: 'POST', headers: { Origin: site.url }, body: form, redirect: 'manual' });
    assert.equal(post.status, 303, await post.text());
    const checkout = new URL(post.headers.get('location') ?? '');
    const paid = await fetch(`${site.url}${checkout.pathname}`, { method: 'POST', headers: { Origin: site.url }, body: new URLSearchParams({ outcome: 'paid' }), redirect: 'manual' });
    assert.equal(paid.status, 303);
    await waitFor('the donation delivered', async () => (await cms(`/donations?filters[email][$eq]=${encodeURIComponent(ADDRESS)}`)).body?.data?.length === 1, 30_000, site);

    const register = new URLSearchParams({ _page: '/registreren', _locale: 'nl', _ts: stamps.stamp(Date.now() - 5000), website: '', username: `lieke${marker}`, email: ADDRESS, password: 'Geheim123!', passwordConfirmation: 'Geheim123!' });
    const registered = await fetch(`${site.url}/forms/register`, { method: 'POST', headers: { Origin: site.url, 'Content-Type': 'application/x-www-form-urlencoded' }, body: register, redirect: 'manual' });
    assert.equal(registered.status, 303, await registered.text());
    await waitFor('the account made', async () => ((await cms(`/users?filters[email][$eq]=${encodeURIComponent(ADDRESS)}`)).body ?? []).length === 1, 20_000, strapi);
    const uploads = path.join(siteData, 'uploads');
    const left = existsSync(uploads) ? readdirSync(uploads, { recursive: true }).length : 0;
    assert.equal(left, 0, 'the CV left the site\'s disk once Strapi had it');
  });

  test('find: the site\'s store and Strapi, every collection with an address, the CV, the account', async () => {
    const { code, stdout, stderr } = await command('find', '--email', ADDRESS.toUpperCase());
    show(`npm run submissions -- find --email ${ADDRESS.toUpperCase()}`, stdout);
    assert.equal(code, 0, stderr);
    for (const collection of WITH_ADDRESS) assert.match(stdout, new RegExp(`^Strapi\\s+${collection}\\s`, 'm'), collection);
    assert.match(stdout, new RegExp(`^Strapi\\s+upload application/pdf\\s+${cvId}\\s`, 'm'));
    assert.match(stdout, /^Strapi\s+account \(local\)\s+\d+\s.*not confirmed$/m);
    assert.match(stdout, /^site store: 7 submissions, \d+ mails, 1 donation, 0 files on disk$/m);
    assert.match(stdout, /^Strapi: 7 entries in 7 collections, 1 file, 1 account$/m);
    assert.ok(!stdout.includes(`Markering${marker}`), 'find shows no answers');
  });

  test('export --email --format json: all of it, answers included', async () => {
    const { code, stdout, stderr } = await command('export', '--email', ADDRESS, '--format', 'json');
    assert.equal(code, 0, stderr);
    const doc = JSON.parse(stdout) as { site: { submissions: Array<{ form: string; data: Record<string, unknown> }>; mails: unknown[]; donations: Array<{ donor: { lastname: string } }> }; strapi: { entries: Array<{ collection: string; fields: Record<string, unknown> }>; files: unknown[]; accounts: Array<{ username: string }> } };
    show(`npm run submissions -- export --email ${ADDRESS} --format json (abridged)`, JSON.stringify({
      site: { submissions: doc.site.submissions.map((s) => `${s.form}: ${Object.keys(s.data).join(', ')}`), mails: doc.site.mails.length, donations: doc.site.donations.length },
      strapi: { entries: doc.strapi.entries.map((e) => e.collection), files: doc.strapi.files, accounts: doc.strapi.accounts.map((a) => a.username) },
    }, null, 2));
    assert.equal(doc.site.submissions.length, 7);
    assert.equal(doc.site.donations[0]?.donor.lastname, `Markering${marker}`);
    assert.deepEqual(doc.strapi.entries.map((e) => e.collection).sort(), [...WITH_ADDRESS].sort());
    assert.ok(doc.strapi.entries.every((e) => String(e.fields.email).toLowerCase() === ADDRESS));
    assert.deepEqual(doc.strapi.accounts.map((a) => a.username), [`lieke${marker}`]);
  });

  test('erase: counts only; afterwards nothing found, in the command and in Strapi asked directly; erase again changes nothing', async () => {
    const erased = await command('erase', '--email', ADDRESS);
    show(`npm run submissions -- erase --email ${ADDRESS}`, erased.stdout + erased.stderr);
    assert.equal(erased.code, 0, erased.stderr);
    assert.ok(!erased.stdout.toLowerCase().includes('lieke') && !erased.stdout.includes(marker), 'never the address');
    assert.match(erased.stdout, /^site store: removed 7 submissions, \d+ mails, 0 files; donor details removed from 1 donation/m);
    assert.match(erased.stdout, /^Strapi: deleted 7 entries, 1 file, 1 account$/m);

    const again = await command('find', '--email', ADDRESS);
    show(`npm run submissions -- find --email ${ADDRESS} (after erase)`, again.stdout);
    assert.match(again.stdout, /^Nothing found for this address\./);
    assert.match(again.stdout, /^Strapi: 0 entries in 0 collections, 0 files, 0 accounts$/m);
    for (const collection of WITH_ADDRESS) assert.equal((await cms(`/${collection}?filters[email][$eqi]=${encodeURIComponent(ADDRESS)}`)).body.data.length, 0, collection);
    assert.equal(((await cms(`/users?filters[email][$eqi]=${encodeURIComponent(ADDRESS)}`)).body ?? []).length, 0, 'no account');
    assert.equal((await cms(`/upload/files/${cvId}`)).status, 404, 'the CV is not in the library');
    assert.ok(!existsSync(path.join(strapiEnv.publicDir, cvUrl)), 'nor on Strapi\'s disk');
    assert.ok((await cms('/loneliness-test-results?pagination[pageSize]=1')).body.meta.pagination.total >= 1, 'the anonymous test answers stay');

    const twice = await command('erase', '--email', ADDRESS);
    show(`npm run submissions -- erase --email ${ADDRESS} (again)`, twice.stdout);
    assert.equal(twice.code, 0, twice.stderr);
    assert.match(twice.stdout, /^site store: removed 0 submissions, 0 mails, 0 files; donor details removed from 0 donations/m);
    assert.match(twice.stdout, /^Strapi: deleted 0 entries, 0 files, 0 accounts$/m);
  });
});
