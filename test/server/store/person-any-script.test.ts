// The class: an address is found however its letters are cased, in any script. The audit's
// `ÉMILE.Privé@Voorbeeld.NL` (3 submissions, 6 mails, a donation, two CVs, stored under other
// casings, one with a decomposed é) through find, export and erase, with neighbours in other
// scripts: Greek with a sigma a Greek writer types final (`νικος.κ@`, found as `ΝΙΚΟΣ.Κ@`) and
// Turkish with the dotted capital İ. An address that differs in more than case (no accents)
// is another person's and stays. A store written before the keys existed (version 4) is
// migrated: its rows are found the same way, a purged row is not; and a purge takes the keys
// with the addresses.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { after, before, describe, test } from 'node:test';
import { createDonationStore } from '../../../server/features/donations/donation-store';
import { createMailOutbox } from '../../../server/mail/mail-outbox';
import { databasePath, openDatabase } from '../../../server/store/database';
import { MIGRATIONS } from '../../../server/store/migrations';
import { createPersonData } from '../../../server/store/person-data';
import { createPurge } from '../../../server/store/purge';
import { DEFAULT_RETENTION } from '../../../server/store/retention';
import { createSubmissionStore } from '../../../server/store/submissions';
import { operatorCommand as command } from './helpers/operator-command';
import { tempDir } from './helpers/setup';

const EMILE = 'ÉMILE.Privé@Voorbeeld.NL';
const NIKOS = 'ΝΙΚΟΣ.Κ@ΠΑΡΆΔΕΙΓΜΑ.ΕΛ';
const OZLEM = 'ÖZLEM.ŞAHİN@Örnek.com.tr';
/** Not Émile: the same letters without their accents. */
const OTHER = 'emile.prive@voorbeeld.nl';

describe('an address is found however its letters are cased, in any script: submissions, mails, donations and CVs', () => {
  const dataDir = tempDir({ after });
  const cvs = [path.join(dataDir, 'uploads', 'post-a', 'cv-0'), path.join(dataDir, 'uploads', 'post-b', 'cv-0')];
  const ids: Record<string, string> = {};
  before(() => {
    const db = openDatabase(dataDir);
    const store = createSubmissionStore(db);
    const mails = createMailOutbox(db);
    const donations = createDonationStore(db);
    for (const cv of cvs) {
      mkdirSync(path.dirname(cv), { recursive: true });
      writeFileSync(cv, '%PDF Émile');
    }
    const cv = (file: string) => ({ field: 'cv', path: file, originalName: 'CV Émile.pdf', size: 10, mime: 'application/pdf' });
    // Émile typed the address three ways, never as the operator does.
    const typed = ['émile.privé@voorbeeld.nl', 'Émile.Privé@Voorbeeld.nl', 'E\u0301MILE.PRIVE\u0301@VOORBEELD.NL'];
    ids.contact = store.save({ form: 'contact', collection: 'contact-submissions', data: { name: 'Émile Privé', email: typed[0], message: 'Bonjour' } }).id;
    ids.cv1 = store.save({ form: 'vacancy-application', collection: 'vacancy-applications', data: { name: 'Émile Privé', email: typed[1] }, files: [cv(cvs[0]!)] }).id;
    ids.cv2 = store.save({ form: 'vacancy-application', collection: 'vacancy-applications', data: { name: 'Émile Privé', email: typed[2], motivation: 'Tweede vacature' }, files: [cv(cvs[1]!)] }).id;
    [ids.contact, ids.cv1, ids.cv2].forEach((id, i) => {
      mails.add({ to: 'info@stichtingjoinus.nl', replyTo: typed[i], subject: 'Nieuw', text: 'Émile Privé schreef', kind: 'form.notification', submissionId: id });
    });
    mails.add({ to: typed[0]!, subject: 'Bedankt', text: 'Hoi Émile', kind: 'contact.confirmation', submissionId: ids.contact });
    mails.add({ to: typed[1]!, subject: 'Bedankt', text: 'Hoi Émile', kind: 'vacancy.confirmation', submissionId: ids.cv1 });
    mails.add({ to: 'ÉMILE.PRIVÉ@voorbeeld.nl', subject: 'Je testresultaat', text: 'Score 4', kind: 'loneliness-test.result' });
    ids.donation = donations.create({ idempotencyKey: 'emile-1', donor: { firstname: 'Émile', lastname: 'Privé', email: typed[1]!, organisation: null, newsletter: false }, amountCents: 2500, frequency: 'once', locale: 'nl' }).donation.id;
    // The neighbours, and the other person.
    ids.nikos = store.save({ form: 'contact', collection: 'contact-submissions', data: { name: 'Νίκος Κ.', email: 'νικος.κ@παράδειγμα.ελ', message: 'Γεια' } }).id;
    mails.add({ to: 'νικος.κ@παράδειγμα.ελ', subject: 'Bedankt', text: 'Γεια Νίκο', kind: 'contact.confirmation', submissionId: ids.nikos });
    donations.create({ idempotencyKey: 'nikos-1', donor: { firstname: 'Νίκος', lastname: 'Κ.', email: 'Νικος.Κ@Παράδειγμα.ελ', organisation: null, newsletter: false }, amountCents: 1000, frequency: 'monthly', locale: 'en' });
    ids.ozlem = store.save({ form: 'contact', collection: 'contact-submissions', data: { name: 'Özlem Şahin', email: 'özlem.şahin@örnek.com.tr', message: 'Merhaba' } }).id;
    mails.add({ to: 'Özlem.Şahin@örnek.com.tr', subject: 'Sonuç', text: 'Skor 3', kind: 'loneliness-test.result' });
    ids.other = store.save({ form: 'contact', collection: 'contact-submissions', data: { name: 'Emile Prive', email: OTHER, message: 'Een ander' } }).id;
    mails.add({ to: OTHER, subject: 'Bedankt', text: 'Hoi', kind: 'contact.confirmation', submissionId: ids.other });
    db.close();
  });

  test('find and export: all of Émile, under any of the ways the address was typed; not the address without accents', async () => {
    for (const asked of [EMILE, 'émile.privé@voorbeeld.nl', 'E\u0301mile.prive\u0301@voorbeeld.NL']) {
      const { code, stdout } = await command(dataDir, 'find', '--email', asked);
      assert.equal(code, 0);
      assert.match(stdout, /^site store: 3 submissions, 6 mails, 1 donation, 2 files on disk$/m, asked);
      assert.ok(!stdout.includes(ids.other!), 'not the other person');
    }
    const exported = await command(dataDir, 'export', '--email', EMILE, '--format', 'json');
    assert.equal(exported.code, 0, exported.stderr);
    const doc = JSON.parse(exported.stdout) as { site: { submissions: Array<{ id: string }>; mails: unknown[]; donations: Array<{ id: string }>; files: unknown[] } };
    assert.deepEqual(doc.site.submissions.map((s) => s.id).sort(), [ids.contact, ids.cv1, ids.cv2].sort());
    assert.deepEqual([doc.site.mails.length, doc.site.donations[0]?.id, doc.site.files.length], [6, ids.donation, 2]);
  });

  test('the neighbours: a Greek address with its final sigma, a Turkish one with its dotted İ', async () => {
    const nikos = await command(dataDir, 'find', '--email', NIKOS);
    assert.match(nikos.stdout, /^site store: 1 submission, 1 mail, 1 donation, 0 files on disk$/m);
    assert.match(nikos.stdout, new RegExp(`submission contact\\s+${ids.nikos}`));
    const ozlem = await command(dataDir, 'find', '--email', OZLEM);
    assert.match(ozlem.stdout, /^site store: 1 submission, 1 mail, 0 donations, 0 files on disk$/m);
    assert.match(ozlem.stdout, new RegExp(`submission contact\\s+${ids.ozlem}`));
  });

  test('erase: everything of Émile goes, the CVs from the disk too; the others stay; erase again finds nothing', async () => {
    const erased = await command(dataDir, 'erase', '--email', EMILE);
    assert.equal(erased.code, 0, erased.stderr);
    assert.match(erased.stdout, /^site store: removed 3 submissions, 6 mails, 2 files; donor details removed from 1 donation/);
    for (const cv of cvs) assert.equal(existsSync(cv), false, `${cv} is gone`);
    const db = openDatabase(dataDir);
    try {
      const store = createSubmissionStore(db);
      for (const id of [ids.contact, ids.cv1, ids.cv2]) assert.equal(store.get(id!), undefined);
      assert.equal(createDonationStore(db).get(ids.donation!)?.donor.email, '');
      assert.deepEqual([ids.nikos, ids.ozlem, ids.other].map((id) => store.get(id!)?.status), ['pending', 'pending', 'pending']);
    } finally {
      db.close();
    }
    const again = await command(dataDir, 'erase', '--email', 'émile.privé@voorbeeld.nl');
    assert.match(again.stdout, /^site store: removed 0 submissions, 0 mails, 0 files; donor details removed from 0 donations/);
    const other = await command(dataDir, 'find', '--email', OTHER);
    assert.match(other.stdout, /^site store: 1 submission, 1 mail, 0 donations, 0 files on disk$/m);
  });
});

describe('a store written before the address keys (version 4) is migrated at opening', () => {
  test('its rows are found however their letters are cased, in any script; a purged row is not', async (t) => {
    const dataDir = tempDir(t);
    mkdirSync(dataDir, { recursive: true });
    const raw = new Database(databasePath(dataDir));
    raw.exec(MIGRATIONS.slice(0, 4).join('\n'));
    raw.pragma('user_version = 4');
    const submission = raw.prepare("INSERT INTO submissions (id, form, collection, data, content_hash, next_attempt_at, created_at, purged_at) VALUES (?, 'contact', 'contact-submissions', ?, ?, 0, 0, ?)");
    submission.run('old-emile', JSON.stringify({ name: 'Émile Privé', email: 'Émile.Privé@voorbeeld.nl' }), 'h1', null);
    submission.run('old-purged', '{}', 'h2', 1);
    submission.run('old-nikos', JSON.stringify({ name: 'Νίκος', email: 'νικος.κ@παράδειγμα.ελ' }), 'h3', null);
    raw.prepare("INSERT INTO mail_outbox (id, kind, submission_id, message, next_attempt_at, created_at) VALUES ('old-mail', 'loneliness-test.result', NULL, ?, 0, 0)")
      .run(JSON.stringify({ to: 'ÉMILE.PRIVÉ@VOORBEELD.NL', subject: 'Resultaat', text: 'Score 4' }));
    raw.prepare("INSERT INTO donations (id, idempotency_key, donor, amount_cents, frequency, locale, created_at, updated_at) VALUES ('old-donation', 'k', ?, 500, 'once', 'nl', 0, 0)")
      .run(JSON.stringify({ firstname: 'Émile', lastname: 'Privé', email: 'E\u0301mile.Prive\u0301@Voorbeeld.nl', organisation: null, newsletter: false }));
    raw.close();

    const emile = await command(dataDir, 'find', '--email', EMILE);
    assert.equal(emile.code, 0, emile.stderr);
    assert.match(emile.stdout, /^site store: 1 submission, 1 mail, 1 donation, 0 files on disk$/m);
    assert.match(emile.stdout, /submission contact\s+old-emile/);
    const nikos = await command(dataDir, 'find', '--email', NIKOS);
    assert.match(nikos.stdout, /^site store: 1 submission, 0 mails, 0 donations, 0 files on disk$/m);
    const db = openDatabase(dataDir);
    t.after(() => db.close());
    assert.equal(db.pragma('user_version', { simple: true }), MIGRATIONS.length);
    const keys = db.prepare<[], { id: string; email_key: string | null }>('SELECT id, email_key FROM submissions ORDER BY id').all();
    assert.deepEqual(keys, [
      { id: 'old-emile', email_key: 'émile.privé@voorbeeld.nl' },
      { id: 'old-nikos', email_key: 'νικοσ.κ@παράδειγμα.ελ' },
      { id: 'old-purged', email_key: null },
    ]);
  });
});

describe('a purge takes the address keys with the addresses', () => {
  test('past every period no key is left in the store, and the address is found nowhere', async (t) => {
    const dataDir = tempDir(t);
    const db = openDatabase(dataDir);
    t.after(() => db.close());
    const T0 = Date.parse('2031-03-01T09:00:00Z');
    const store = createSubmissionStore(db);
    const mails = createMailOutbox(db);
    const { id } = store.save({ form: 'contact', collection: 'contact-submissions', data: { name: 'Émile', email: 'Émile.Privé@voorbeeld.nl', message: 'Bonjour' } }, T0);
    store.markDelivered(id, 'doc-1', T0);
    const mail = mails.add({ to: 'info@stichtingjoinus.nl', replyTo: 'Émile.Privé@voorbeeld.nl', subject: 'Nieuw', text: 'Bonjour', kind: 'contact.notification', submissionId: id }, T0);
    mails.markSent(mail, 'msg-1', T0);
    createDonationStore(db).create({ idempotencyKey: 'd1', donor: { firstname: 'Émile', lastname: 'Privé', email: EMILE, organisation: null, newsletter: false }, amountCents: 500, frequency: 'once', locale: 'nl' }, T0);
    const keys = () => db.prepare<[], { n: number }>(
      `SELECT (SELECT COUNT(*) FROM submissions WHERE email_key IS NOT NULL) + (SELECT COUNT(*) FROM mail_outbox WHERE to_key IS NOT NULL OR reply_to_key IS NOT NULL)
        + (SELECT COUNT(*) FROM donations WHERE donor_key IS NOT NULL) AS n`,
    ).get()!.n;
    assert.equal(keys(), 3, 'a key beside each address (rows: a submission, a mail, a donation)');
    await createPurge(db, { settings: DEFAULT_RETENTION, uploadsDir: path.join(dataDir, 'uploads') }).runBatch(T0 + DEFAULT_RETENTION.undeliveredMaxMs + 1);
    assert.equal(keys(), 0);
    const found = createPersonData(db).find(EMILE);
    assert.deepEqual([found.submissions.length, found.mails.length, found.donations.length], [0, 0, 0]);
  });
});
