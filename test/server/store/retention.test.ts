// Retention of the site's own store: what each period removes and what stays (the receipt),
// exactly once for a replayed post after its answers are gone, files off the disk as soon as
// the content service has them, the hard bound for what never left, donations, batches, and
// the bytes of the SQLite file itself.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test, type TestContext } from 'node:test';
import request from 'supertest';
import Database from 'better-sqlite3';
import { createTestCheckout } from '../../../server/features/donations/test-checkout';
import { createMailOutbox } from '../../../server/mail/mail-outbox';
import { currentVersion, databasePath, openDatabase } from '../../../server/store/database';
import { MIGRATIONS } from '../../../server/store/migrations';
import { startOutbox } from '../../../server/store/outbox';
import { createPurge, EMPTY_DONOR } from '../../../server/store/purge';
import { startPurgeWorker } from '../../../server/store/purge-worker';
import { DEFAULT_RETENTION, retentionSettings } from '../../../server/store/retention';
import { createSubmissionStore, type StoredFile } from '../../../server/store/submissions';
import { parseEnv, retentionOf } from '../../../server/env';
import { fakeCollection } from '../../support/fake-collection';
import { startFakeContentService } from '../../support/fake-content-service';
import { fakeUploads } from '../../support/fake-uploads';
import { donationForm, donationRig, ORIGIN } from '../../features/donations/helpers';
import { testApp } from '../../support/test-app';
import { captureLogger, contentClient, tempDir, VISITOR } from './helpers/setup';

const DAY = 24 * 60 * 60 * 1000;
const T0 = Date.parse('2031-03-01T09:00:00Z');
const SETTINGS = retentionSettings({ delivered: 30, sentMail: 14, undeliveredWarn: 30, undelivered: 90, donation: 30 });

function rig(t: TestContext, settings = SETTINGS, batchSize?: number) {
  const dir = tempDir(t);
  const db = openDatabase(dir);
  t.after(() => db.close());
  const uploadsDir = path.join(dir, 'uploads');
  return { dir, db, uploadsDir, store: createSubmissionStore(db), mails: createMailOutbox(db), purge: createPurge(db, { settings, uploadsDir, batchSize }) };
}

/** A CV written where the form routes put one, and the record pointing at it. */
function withCv(uploadsDir: string, post: string, name = 'CV Sanne de Vries.pdf') {
  mkdirSync(path.join(uploadsDir, post), { recursive: true });
  const file = path.join(uploadsDir, post, 'cv-0');
  writeFileSync(file, `%PDF ${VISITOR.name}`);
  const files: StoredFile[] = [{ field: 'cv', path: file, originalName: name, size: 20, mime: 'application/pdf' }];
  return { file, files, data: { ...VISITOR, cv: { name, size: 20, type: 'application/pdf', stored: post } } };
}

describe('a delivered submission', () => {
  test('keeps its answers for the period, then only its receipt: id, form, dates, status, content hash, key, remote id', async (t) => {
    const { store, purge } = rig(t);
    const { id } = store.save({ form: 'contact', collection: 'contact-submissions', data: VISITOR, idempotencyKey: 'sid-receipt-1' }, T0);
    store.markDelivered(id, 'doc-1', T0 + 1000);
    const before = store.get(id)!;

    await purge.runBatch(T0 + 1000 + SETTINGS.deliveredMs - 1);
    assert.deepEqual(store.get(id)?.data, VISITOR, 'one moment short of the period: all there');

    const { counts } = await purge.runBatch(T0 + 1000 + SETTINGS.deliveredMs);
    assert.equal(counts.submissions, 1);
    const receipt = store.get(id)!;
    assert.deepEqual(receipt.data, {});
    assert.deepEqual(receipt.files, []);
    assert.equal(receipt.purgedAt, T0 + 1000 + SETTINGS.deliveredMs);
    for (const key of ['id', 'form', 'collection', 'status', 'contentHash', 'idempotencyKey', 'remoteId', 'createdAt', 'deliveredAt'] as const) {
      assert.deepEqual(receipt[key], before[key], key);
    }
    assert.equal((await purge.runBatch(T0 + 400 * DAY)).counts.submissions, 0, 'purged once');
  });

  test('a replayed post after the purge is still the same submission: by its key, by its answers within the window, by key alone', async (t) => {
    const { store, purge } = rig(t, retentionSettings({ delivered: 0, sentMail: 0, undeliveredWarn: 0, undelivered: 0, donation: 0 }));
    const withKey = { form: 'contact', collection: 'contact-submissions', data: VISITOR, idempotencyKey: 'sid-replay-1' };
    const noKey = { form: 'sign-up', collection: 'sign-ups', data: { ...VISITOR, firstname: 'Sanne' } };
    const keyOnly = { form: 'loneliness-test', collection: 'loneliness-test-results', data: { total: 7 }, idempotencyKey: 'sid-test-1', dedupe: 'key-only' as const };
    const first = [withKey, noKey, keyOnly].map((input) => store.save(input, T0).id);
    for (const id of first) store.markDelivered(id, `doc-${id}`, T0 + 1);
    await purge.runBatch(T0 + 2);
    assert.ok(first.every((id) => store.get(id)?.purgedAt !== null && Object.keys(store.get(id)!.data).length === 0), 'all three reduced to receipts');

    const replays = [withKey, noKey, keyOnly].map((input) => store.save(input, T0 + 60_000));
    assert.deepEqual(replays.map((r) => r.duplicate), [true, true, true]);
    assert.deepEqual(replays.map((r) => r.id), first);
    assert.equal(store.list().length, 3, 'no new record');
    assert.equal(store.counts().pending, 0, 'nothing to deliver again');
  });

  test('its files leave the disk as soon as the content service has the record, answers still kept (the outbox kicks the purge)', async (t) => {
    const dir = tempDir(t);
    const collection = fakeCollection('vacancy-applications');
    const uploads = fakeUploads(path.join(dir, 'received'));
    const service = await startFakeContentService((req, incoming) => (req.path === '/api/upload' ? uploads.answer(req, incoming) : collection.answer(req)));
    t.after(() => service.down());
    const { logger, lines } = captureLogger();
    const outbox = startOutbox({ dataDir: dir, client: contentClient(service.url, logger, 2000), contentConfigured: true, mailFrom: 'site@example.org', mailTo: 'info@example.org', logger });
    t.after(() => outbox.stop());
    const cv = withCv(path.join(dir, 'uploads'), 'post-1');
    const { id } = outbox.submissions.save({ form: 'vacancy-application', collection: 'vacancy-applications', data: cv.data, files: cv.files });
    for (let i = 0; i < 300 && existsSync(path.dirname(cv.file)); i++) await new Promise((r) => setTimeout(r, 50));
    assert.equal(outbox.submissions.get(id)?.status, 'delivered');
    assert.equal(uploads.files.length, 1, 'the content service has the file');
    assert.ok(!existsSync(cv.file), 'the local copy is gone');
    assert.ok(!existsSync(path.dirname(cv.file)), 'and its post folder');
    assert.deepEqual(outbox.submissions.get(id)?.files, []);
    assert.equal(outbox.submissions.get(id)?.data.email, VISITOR.email, 'the answers wait for their period');
    assert.ok(lines.some((l) => l.msg === 'personal data removed (retention)' && l.files === 1));
  });
});

describe('mails', () => {
  test('a sent mail loses its addresses and text after its period; id, kind and dates stay', async (t) => {
    const { mails, purge } = rig(t);
    const id = mails.add({ to: VISITOR.email, replyTo: 'info@example.org', subject: `Bedankt ${VISITOR.name}`, text: VISITOR.message, kind: 'contact.confirmation', submissionId: 's1' }, T0);
    mails.markSent(id, '<m@x>', T0 + 10);
    await purge.runBatch(T0 + 10 + SETTINGS.sentMailMs - 1);
    assert.equal(mails.get(id)?.message?.to, VISITOR.email);
    await purge.runBatch(T0 + 10 + SETTINGS.sentMailMs);
    const kept = mails.get(id)!;
    assert.equal(kept.message, null);
    assert.deepEqual([kept.kind, kept.status, kept.sentAt, kept.createdAt, kept.submissionId], ['contact.confirmation', 'sent', T0 + 10, T0, 's1']);
  });
});

describe('what was never delivered', () => {
  test('warned about from the warning age (log and aging), removed at the hard bound and marked failed; a claimed one waits; retry refuses it', async (t) => {
    const { db, store, mails, uploadsDir } = rig(t);
    const { logger, lines } = captureLogger();
    let now = T0;
    const worker = startPurgeWorker({ db, settings: SETTINGS, uploadsDir, logger, intervalMs: 3_600_000, now: () => now });
    t.after(() => worker.stop());
    const cv = withCv(uploadsDir, 'post-failed');
    const failed = store.save({ form: 'vacancy-application', collection: 'vacancy-applications', data: cv.data, files: cv.files }, T0).id;
    store.markFailed(failed, 'post: 400 ValidationError: email sanne.devries@example.org');
    const pending = store.save({ form: 'contact', collection: 'contact-submissions', data: { ...VISITOR, message: 'tweede' } }, T0).id;
    const claimed = store.save({ form: 'contact', collection: 'contact-submissions', data: { ...VISITOR, message: 'derde' } }, T0).id;
    const mail = mails.add({ to: VISITOR.email, subject: 'Hoi', text: 'Hoi', kind: 'contact.confirmation' }, T0);

    now = T0 + SETTINGS.undeliveredWarnMs - 1;
    await worker.runOnce();
    assert.equal(lines.filter((l) => l.level === 40).length, 0, 'no warning before the warning age');
    now = T0 + SETTINGS.undeliveredWarnMs;
    await worker.runOnce();
    const warning = lines.find((l) => l.level === 40);
    assert.deepEqual([warning?.undeliveredSubmissions, warning?.unsentMails, warning?.oldestDays, warning?.removedAfterDays], [3, 1, 30, 90]);
    assert.match(String(warning?.msg), /older than 30 days: their personal data is removed at 90 days/);
    assert.deepEqual(worker.aging(), { submissions: 3, mails: 1, oldestDays: 30, warnAfterDays: 30, removedAfterDays: 90 });
    await worker.runOnce();
    assert.equal(lines.filter((l) => l.level === 40).length, 1, 'not again on the next run (the same ones, within a day)');
    now += DAY;
    await worker.runOnce();
    assert.equal(lines.filter((l) => l.level === 40).length, 2, 'again a day later');

    now = T0 + SETTINGS.undeliveredMaxMs;
    assert.ok(store.claim(claimed, now, now + 60_000), 'a delivery is under way for one of them');
    await worker.runOnce();
    for (const id of [failed, pending]) {
      const record = store.get(id)!;
      assert.deepEqual([record.status, record.data, record.files, record.purgedAt], ['failed', {}, [], now], id);
      assert.match(record.lastError ?? '', /^expired: not delivered within 90 days/);
    }
    assert.ok(!existsSync(cv.file), 'its file too');
    assert.equal(store.get(claimed)?.data.message, 'derde', 'the one being delivered is left alone');
    assert.equal(mails.get(mail)?.message, null);
    assert.equal(mails.get(mail)?.status, 'failed');
    assert.equal(store.retry(failed, now), false, 'nothing left to deliver: retry refuses');
    assert.doesNotMatch(JSON.stringify(lines), /Sanne|sanne|devries/, 'counts and ids only in the log');
  });
});

describe('/readyz', () => {
  test('notes what waits past its warning age: checks.undelivered for everyone, the figures for operators; the status stays ready', async (t) => {
    const { db, store, mails, uploadsDir } = rig(t);
    const { logger } = captureLogger();
    const worker = startPurgeWorker({ db, settings: SETTINGS, uploadsDir, logger, intervalMs: 3_600_000, now: () => T0 + SETTINGS.undeliveredWarnMs + DAY });
    t.after(() => worker.stop());
    const { app } = testApp({ health: { undelivered: () => worker.aging() } });
    const calm = await request(app).get('/readyz').set('X-Forwarded-For', '203.0.113.7').expect(200);
    assert.equal(calm.body.checks.undelivered, 'ok');

    store.markFailed(store.save({ form: 'contact', collection: 'c', data: VISITOR }, T0).id, 'post: 403 Forbidden');
    mails.add({ to: VISITOR.email, subject: 'Hoi', text: 'Hoi', kind: 'contact.confirmation' }, T0);
    const noted = testApp({ health: { undelivered: () => worker.aging() } }).app;
    const visitor = await request(noted).get('/readyz').set('X-Forwarded-For', '203.0.113.7').expect(200);
    assert.equal(visitor.body.status, 'ready');
    assert.equal(visitor.body.checks.undelivered, 'not-ok');
    assert.equal(visitor.body.undelivered, undefined, 'no figures for a visitor');
    const operator = await request(noted).get('/readyz').expect(200);
    assert.deepEqual(operator.body.undelivered, { submissions: 1, mails: 1, oldestDays: 31, warnAfterDays: 30, removedAfterDays: 90 });
  });
});

describe('donations', () => {
  test('a settled, delivered donation drops its donor after the period; payment id, status and amount stay, and a replayed webhook changes nothing', async (t) => {
    const { logger } = captureLogger();
    const dir = tempDir(t);
    const checkout = createTestCheckout(ORIGIN);
    const don = donationRig(dir, checkout, logger);
    t.after(() => don.close());
    const purge = createPurge(don.db, { settings: SETTINGS, uploadsDir: path.join(dir, 'uploads') });
    const { donation } = await don.service.start({ key: 'sid:purge', form: donationForm({ firstname: 'Evelien', lastname: 'Markerveld' }), locale: 'nl' });
    const waiting = await don.service.start({ key: 'sid:open', form: donationForm({ firstname: 'Open', lastname: 'Nogniet' }), locale: 'nl' });
    await checkout.complete(donation.paymentId!, 'paid');
    await don.service.webhook(donation.paymentId!);
    const settled = don.store.get(donation.id)!;
    const late = settled.updatedAt + SETTINGS.donationMs;

    await purge.runBatch(late);
    assert.equal(don.store.get(donation.id)?.donor.firstname, 'Evelien', 'not yet: its record is not delivered');
    don.submissions.markDelivered(settled.deliveredAs!, 'doc-don', settled.updatedAt);
    await purge.runBatch(late - 1);
    assert.equal(don.store.get(donation.id)?.donor.firstname, 'Evelien', 'not before the period');
    const { counts } = await purge.runBatch(late);
    assert.equal(counts.donations, 1);
    const kept = don.store.get(donation.id)!;
    assert.deepEqual(kept.donor, JSON.parse(EMPTY_DONOR));
    assert.deepEqual([kept.paymentId, kept.status, kept.amountCents, kept.frequency, kept.deliveredAs], [settled.paymentId, 'paid', 2500, 'once', settled.deliveredAs]);
    assert.equal(await don.service.webhook(donation.paymentId!), 'unchanged');
    assert.equal(don.delivered().length, 1, 'delivered once');
    assert.equal((await don.service.view(donation.id)).state, 'paid');
    assert.equal(don.store.get(waiting.donation.id)?.donor.firstname, 'Open', 'an open one keeps its donor...');
    await purge.runBatch(waiting.donation.createdAt + SETTINGS.undeliveredMaxMs);
    assert.equal(don.store.get(waiting.donation.id)?.donor.firstname, '', '...until the hard bound');
    assert.equal((await don.service.view(waiting.donation.id)).state !== undefined, true, 'and its status page still answers');
  });
});

describe('the purge itself', () => {
  test('works in batches: a backlog of 250 takes three runs, the first two asking for more', async (t) => {
    const { store, purge } = rig(t, SETTINGS, 100);
    for (let i = 0; i < 250; i++) store.markDelivered(store.save({ form: 'contact', collection: 'c', data: { ...VISITOR, message: `bericht ${i}` } }, T0).id, null, T0);
    const late = T0 + SETTINGS.deliveredMs;
    const runs = [await purge.runBatch(late), await purge.runBatch(late), await purge.runBatch(late)];
    assert.deepEqual(runs.map((r) => [r.counts.submissions, r.more]), [[100, true], [100, true], [50, false]]);
  });

  test('removed answers are not in the file: not in its pages (secure_delete), not in the write-ahead log (truncated)', async (t) => {
    const { dir, db, store, purge } = rig(t, retentionSettings({ ...{ delivered: 0, sentMail: 0, undeliveredWarn: 0, undelivered: 0, donation: 0 } }));
    const marker = `marker-${Math.random().toString(36).slice(2)}`;
    const bytes = () => ['', '-wal'].map((s) => databasePath(dir) + s).filter(existsSync).map((f) => readFileSync(f).toString('latin1')).join('');
    const ids = Array.from({ length: 20 }, (_, i) => store.save({ form: 'contact', collection: 'c', data: { ...VISITOR, message: `${marker} ${i} ${'x'.repeat(i * 300)}` } }, T0).id);
    db.pragma('wal_checkpoint(PASSIVE)');
    assert.ok(bytes().includes(marker), 'the marker is in the file before the purge (the search can find it)');
    for (const id of ids) store.markDelivered(id, null, T0);
    await purge.runBatch(T0);
    assert.ok(!bytes().includes(marker), 'and nowhere after it');
    assert.equal(db.pragma('secure_delete', { simple: true }), 1);
  });

  test('an older store is switched to incremental auto-vacuum at opening, keeps its records, and shrinks when a purge frees pages (long answers: overflow pages)', (t) => {
    const dir = tempDir(t);
    const raw = new Database(databasePath(dir));
    raw.exec(MIGRATIONS.slice(0, 3).join('\n'));
    raw.pragma('user_version = 3');
    const insert = raw.prepare("INSERT INTO submissions (id, form, collection, data, content_hash, next_attempt_at, created_at, status, delivered_at) VALUES (?, 'contact', 'c', ?, ?, 0, 0, 'delivered', 0)");
    for (let i = 0; i < 300; i++) insert.run(`old-${i}`, JSON.stringify({ ...VISITOR, message: 'y'.repeat(6000) }), `h${i}`);
    raw.close();
    const db = openDatabase(dir);
    t.after(() => db.close());
    assert.equal(currentVersion(db), MIGRATIONS.length);
    assert.equal(db.pragma('auto_vacuum', { simple: true }), 2);
    assert.equal(createSubmissionStore(db).get('old-7')?.data.email, VISITOR.email);
    const before = statSync(databasePath(dir)).size;
    return createPurge(db, { settings: DEFAULT_RETENTION, uploadsDir: path.join(dir, 'uploads'), batchSize: 1000 })
      .runBatch(Date.now())
      .then(({ counts }) => {
        assert.equal(counts.submissions, 300);
        const after = statSync(databasePath(dir)).size;
        assert.ok(after < before * 0.6, `the file shrank from ${before} to ${after} bytes`);
      });
  });
});

describe('the settings', () => {
  test('defaults in days, each its own variable; a warning after the removal, a hard bound under a day or a negative period is refused with a message', () => {
    const parsed = parseEnv({});
    assert.ok(parsed.ok);
    assert.deepEqual(retentionOf(parsed.env), DEFAULT_RETENTION);
    assert.equal(DEFAULT_RETENTION.deliveredMs, 30 * DAY);
    const set = parseEnv({ RETENTION_DELIVERED_DAYS: '0.5', RETENTION_SENT_MAIL_DAYS: '0', RETENTION_DONATION_DAYS: '7' });
    assert.ok(set.ok);
    assert.deepEqual([retentionOf(set.env).deliveredMs, retentionOf(set.env).sentMailMs, retentionOf(set.env).donationMs], [DAY / 2, 0, 7 * DAY]);
    const wrong = parseEnv({ RETENTION_UNDELIVERED_WARN_DAYS: '100', RETENTION_UNDELIVERED_DAYS: '90' });
    assert.ok(!wrong.ok);
    assert.match(wrong.errors.join('\n'), /RETENTION_UNDELIVERED_WARN_DAYS \(100\) must not be more than RETENTION_UNDELIVERED_DAYS \(90\)/);
    const tooSoon = parseEnv({ RETENTION_UNDELIVERED_DAYS: '0', RETENTION_UNDELIVERED_WARN_DAYS: '0' });
    assert.ok(!tooSoon.ok);
    assert.match(tooSoon.errors.join('\n'), /RETENTION_UNDELIVERED_DAYS: at least 1 day/);
    const negative = parseEnv({ RETENTION_DELIVERED_DAYS: '-1' });
    assert.ok(!negative.ok);
    assert.match(negative.errors.join('\n'), /^RETENTION_DELIVERED_DAYS: /m);
  });
});
