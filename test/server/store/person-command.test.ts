// One person's data through the operator command, the site's store only (no STRAPI_URL; the
// contract test runs the same commands against the real Strapi): find lists where and what
// without answers, export writes all of it, erase removes it and prints counts, never the
// address, and a second erase changes nothing. Another person's records stay as they were.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createDonationStore } from '../../../server/features/donations/donation-store';
import { createMailOutbox } from '../../../server/mail/mail-outbox';
import { databasePath, openDatabase } from '../../../server/store/database';
import { createSubmissionStore } from '../../../server/store/submissions';
import { operatorCommand as command } from './helpers/operator-command';
import { tempDir } from './helpers/setup';

const ADDRESS = 'Lieke.Markering@Example.org';
const OTHER = 'ander@example.org';

describe('npm run submissions -- find / export --email / erase', () => {
  const dataDir = tempDir({ after });
  const cv = path.join(dataDir, 'uploads', 'post-7', 'cv-0');
  const ids: Record<string, string> = {};
  before(() => {
    const db = openDatabase(dataDir);
    const store = createSubmissionStore(db);
    const mails = createMailOutbox(db);
    mkdirSync(path.dirname(cv), { recursive: true });
    writeFileSync(cv, '%PDF Lieke');
    ids.contact = store.save({ form: 'contact', collection: 'contact-submissions', data: { name: 'Lieke Markering', email: ADDRESS, message: 'Hallo' } }, Date.parse('2031-01-02T10:00:00Z')).id;
    store.markDelivered(ids.contact, 'doc-1');
    ids.vacancy = store.save({
      form: 'vacancy-application', collection: 'vacancy-applications',
      data: { name: 'Lieke Markering', email: ` ${ADDRESS.toLowerCase()} `, cv: { name: 'cv.pdf', size: 10, type: 'application/pdf' } },
      files: [{ field: 'cv', path: cv, originalName: 'CV Lieke Markering.pdf', size: 10, mime: 'application/pdf' }],
    }).id;
    ids.other = store.save({ form: 'contact', collection: 'contact-submissions', data: { name: 'Ander', email: OTHER, message: 'Ook hallo' } }).id;
    mails.add({ to: 'info@stichtingjoinus.nl', replyTo: ADDRESS, subject: 'Contact', text: 'Lieke Markering schreef', kind: 'contact.notification', submissionId: ids.contact });
    mails.add({ to: ADDRESS.toUpperCase(), subject: 'Je testresultaat', text: 'Score 5', kind: 'loneliness-test.result' });
    mails.add({ to: OTHER, subject: 'Bedankt', text: 'Hoi', kind: 'contact.confirmation', submissionId: ids.other });
    const donations = createDonationStore(db);
    const { donation } = donations.create({ idempotencyKey: 'sid-don-1', donor: { firstname: 'Lieke', lastname: 'Markering', email: ADDRESS, organisation: null, newsletter: true }, amountCents: 1500, frequency: 'once', locale: 'nl' });
    donations.setPayment(donation.id, 'tr_lieke123', null);
    ids.donation = donation.id;
    db.close();
  });

  test('find: where, what, ids, dates and states of this address only, no answers; Strapi said not searched', async () => {
    const { code, stdout } = await command(dataDir, 'find', '--email', 'lieke.markering@example.org');
    assert.equal(code, 0);
    assert.match(stdout, new RegExp(`^site store\\s+submission contact\\s+${ids.contact}\\s+2031-01-02 10:00:00\\s+delivered$`, 'm'));
    assert.match(stdout, new RegExp(`^site store\\s+submission vacancy-application\\s+${ids.vacancy}\\s`, 'm'));
    assert.match(stdout, /^site store\s+mail contact\.notification\s/m);
    assert.match(stdout, /^site store\s+mail loneliness-test\.result\s/m);
    assert.match(stdout, new RegExp(`^site store\\s+donation once 15\\.00 EUR\\s+${ids.donation}\\s`, 'm'));
    assert.match(stdout, /^site uploads\s+file cv \(10 bytes\)\s+post-7\/cv-0\s/m);
    assert.match(stdout, /site store: 2 submissions, 2 mails, 1 donation, 1 file on disk\nStrapi: not searched \(STRAPI_URL is not set\)/);
    assert.ok(!stdout.includes(ids.other!), 'not the other person');
    for (const answer of ['Lieke Markering', 'Hallo', 'Score 5']) assert.ok(!stdout.includes(answer), `no answer in find: ${answer}`);
  });

  test('export --email --format json: every answer, mail and donor, to a private file', async () => {
    const out = path.join(dataDir, 'lieke.json');
    const { code, stderr } = await command(dataDir, 'export', '--email', ADDRESS, '--format', 'json', '--out', out);
    assert.equal(code, 0, stderr);
    assert.match(stderr, /5 record\(s\) written to/);
    assert.equal(statSync(out).mode & 0o777, 0o600);
    const doc = JSON.parse(readFileSync(out, 'utf8')) as { site: { submissions: Array<{ id: string; data: { name: string } }>; mails: Array<{ message: { text: string } }>; donations: Array<{ donor: { lastname: string }; paymentId: string }> }; strapi: unknown };
    assert.deepEqual(doc.site.submissions.map((s) => s.id).sort(), [ids.contact, ids.vacancy].sort());
    assert.ok(doc.site.submissions.every((s) => s.data.name === 'Lieke Markering'));
    assert.deepEqual(doc.site.mails.map((m) => m.message.text).sort(), ['Lieke Markering schreef', 'Score 5']);
    assert.deepEqual([doc.site.donations[0]?.donor.lastname, doc.site.donations[0]?.paymentId], ['Markering', 'tr_lieke123']);
    assert.equal(doc.strapi, null);
    const refused = await command(dataDir, 'export', '--email', ADDRESS, '--format', 'csv');
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, /export --email writes JSON: add --format json/);
  });

  test('erase: counts only, never the address; the files leave the disk; the donation keeps its payment; the other person keeps everything', async () => {
    const { code, stdout, stderr } = await command(dataDir, 'erase', '--email', ADDRESS);
    assert.equal(code, 0, stderr);
    assert.equal(stdout, "site store: removed 2 submissions, 2 mails, 1 file; donor details removed from 1 donation (payment id, status and amount stay)\nStrapi: not erased (STRAPI_URL is not set)\n");
    assert.doesNotMatch(stdout + stderr, /lieke|markering/i);
    assert.ok(!existsSync(cv) && !existsSync(path.dirname(cv)), 'the CV and its folder are gone');
    const db = openDatabase(dataDir);
    try {
      const store = createSubmissionStore(db);
      assert.equal(store.get(ids.contact!), undefined);
      assert.equal(store.get(ids.other!)?.data.email, OTHER);
      assert.deepEqual(createMailOutbox(db).list().map((m) => m.kind), ['contact.confirmation']);
      const donation = createDonationStore(db).get(ids.donation!)!;
      assert.deepEqual([donation.donor.email, donation.donor.lastname, donation.paymentId, donation.amountCents], ['', '', 'tr_lieke123', 1500]);
    } finally {
      db.close();
    }
    const bytes = readFileSync(databasePath(dataDir)).toString('latin1');
    assert.ok(!/Markering|markering/.test(bytes), 'not in the file either (secure_delete)');
  });

  test('erase again: nothing left, nothing changed; find: nothing found', async () => {
    const again = await command(dataDir, 'erase', '--email', ADDRESS);
    assert.equal(again.code, 0);
    assert.match(again.stdout, /^site store: removed 0 submissions, 0 mails, 0 files; donor details removed from 0 donations/);
    const find = await command(dataDir, 'find', '--email', ADDRESS);
    assert.match(find.stdout, /^Nothing found for this address\.\n\nsite store: 0 submissions, 0 mails, 0 donations, 0 files on disk\n/);
  });

  test('a missing or malformed address is refused with a message, nothing touched', async () => {
    for (const args of [['erase'], ['erase', '--email', 'lieke'], ['find', '--email', '']]) {
      const { code, stderr } = await command(dataDir, ...args);
      assert.equal(code, 2, args.join(' '));
      assert.match(stderr, /needs --email and an address such as name@example\.org/);
    }
  });
});
