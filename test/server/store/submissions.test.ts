import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import { describe, test } from 'node:test';
import { canonicalJson } from '../../../server/store/content-hash';
import Database from 'better-sqlite3';
import { currentVersion, databasePath, openDatabase } from '../../../server/store/database';
import { MIGRATIONS } from '../../../server/store/migrations';
import { createSubmissionStore, DUPLICATE_WINDOW_MS } from '../../../server/store/submissions';
import { tempDir, VISITOR } from './helpers/setup';

const contact = (data: Record<string, unknown> = VISITOR, idempotencyKey?: string) => ({
  form: 'contact',
  collection: 'contact-submissions',
  data,
  idempotencyKey,
});

function open(t: Parameters<typeof tempDir>[0]) {
  const dir = tempDir(t);
  const db = openDatabase(dir);
  t.after(() => db.close());
  return { dir, db, store: createSubmissionStore(db) };
}

describe('the database file', () => {
  test('is created under the data directory, in WAL mode with full sync', (t) => {
    const { dir, db } = open(t);
    assert.ok(statSync(databasePath(dir)).isFile());
    assert.equal(db.pragma('journal_mode', { simple: true }), 'wal');
    assert.equal(db.pragma('synchronous', { simple: true }), 2);
    assert.ok((db.pragma('busy_timeout', { simple: true }) as number) > 0);
  });

  test('migrations run once: opening again keeps the schema and the records', (t) => {
    const dir = tempDir(t);
    const first = openDatabase(dir);
    const { id } = createSubmissionStore(first).save(contact());
    first.close();
    const again = openDatabase(dir);
    t.after(() => again.close());
    assert.equal(currentVersion(again), MIGRATIONS.length);
    assert.equal(createSubmissionStore(again).get(id)?.data.email, VISITOR.email);
  });

  test('a version 1 file gains the uploads column; its records keep their answers', (t) => {
    const dir = tempDir(t);
    const old = openDatabase(dir);
    old.close();
    // Rebuilt as version 1 wrote it: the first step only, one record in it.
    const raw = new Database(databasePath(dir));
    raw.exec('DROP TABLE submissions; DROP TABLE mail_outbox; DROP TABLE IF EXISTS donations; DROP TABLE IF EXISTS waiting_uploads;');
    raw.exec(MIGRATIONS[0] ?? '');
    raw.pragma('user_version = 1');
    raw
      .prepare("INSERT INTO submissions (id, form, collection, data, content_hash, next_attempt_at, created_at) VALUES ('old', 'contact', 'c', ?, 'h', 0, 0)")
      .run(JSON.stringify(VISITOR));
    raw.close();
    const db = openDatabase(dir);
    t.after(() => db.close());
    assert.equal(currentVersion(db), MIGRATIONS.length);
    const store = createSubmissionStore(db);
    assert.deepEqual(store.get('old')?.uploads, {});
    store.recordUpload('old', 'cv', 42);
    store.recordUpload('old', 'motivation', 43);
    assert.deepEqual(store.get('old')?.uploads, { cv: 42, motivation: 43 });
    assert.equal(store.get('old')?.data.email, VISITOR.email);
  });
});

describe('idempotency', () => {
  test('the same idempotency key gives the same record, even with other answers', (t) => {
    const { store } = open(t);
    const first = store.save(contact(VISITOR, 'sid-12345678'));
    const again = store.save(contact({ ...VISITOR, message: 'edited' }, 'sid-12345678'));
    assert.deepEqual(again, { id: first.id, duplicate: true });
    assert.equal(first.duplicate, false);
    assert.equal(store.list().length, 1);
  });

  test('the same answers within 24 hours are one record (a double click, a refresh)', (t) => {
    const { store } = open(t);
    const now = Date.now();
    const first = store.save(contact(), now);
    const reordered = Object.fromEntries(Object.entries(VISITOR).reverse());
    assert.deepEqual(store.save(contact(reordered, 'another-key-1'), now + 1000), { id: first.id, duplicate: true });
    assert.deepEqual(store.save(contact(), now + DUPLICATE_WINDOW_MS - 1), { id: first.id, duplicate: true });
    assert.equal(store.list().length, 1);
  });

  test('the same answers after 24 hours are a new submission', (t) => {
    const { store } = open(t);
    const now = Date.now();
    const first = store.save(contact(), now);
    const later = store.save(contact(), now + DUPLICATE_WINDOW_MS + 1);
    assert.equal(later.duplicate, false);
    assert.notEqual(later.id, first.id);
  });

  test('different answers are two records; so are the same answers to another form', (t) => {
    const { store } = open(t);
    const a = store.save(contact());
    const b = store.save(contact({ ...VISITOR, message: 'Een andere vraag.' }));
    const c = store.save({ ...contact(), form: 'start-location', collection: 'start-location-requests' });
    assert.equal(new Set([a.id, b.id, c.id]).size, 3);
    assert.equal(store.list().length, 3);
  });

  test('an upload sent twice into two directories is still the same submission', (t) => {
    const { store } = open(t);
    const file = (dir: string) => [{ field: 'cv', path: `/uploads/${dir}/cv.pdf`, originalName: 'cv.pdf', size: 1200, mime: 'application/pdf' }];
    const data = (dir: string) => ({ ...VISITOR, cv: { name: 'cv.pdf', size: 1200, type: 'application/pdf', stored: dir } });
    const first = store.save({ form: 'vacancy-application', collection: 'vacancy-applications', data: data('a'), files: file('a') });
    const again = store.save({ form: 'vacancy-application', collection: 'vacancy-applications', data: data('b'), files: file('b') });
    assert.deepEqual(again, { id: first.id, duplicate: true });
    assert.equal(store.get(first.id)?.files[0]?.path, '/uploads/a/cv.pdf');
  });

  test('key-only: two saves of the same anonymous answers without a key are two records', (t) => {
    const { store } = open(t);
    const answers = { answers: Array(11).fill('nee'), postcodeArea: '1011', age: 17, consent: true };
    const test = (idempotencyKey?: string) => ({ form: 'loneliness-test', collection: 'loneliness-test-results', data: answers, idempotencyKey, dedupe: 'key-only' as const });
    const now = Date.now();
    const a = store.save(test(), now);
    const b = store.save(test(), now + 1000);
    assert.equal(a.duplicate, false);
    assert.equal(b.duplicate, false);
    assert.notEqual(a.id, b.id);
    assert.equal(store.list({ form: 'loneliness-test' }).length, 2);
  });

  test('key-only: the same key twice is one record; another key with the same answers is another', (t) => {
    const { store } = open(t);
    const answers = { answers: Array(11).fill('ja'), postcodeArea: '3511', age: 22, consent: true };
    const test = (idempotencyKey: string) => ({ form: 'loneliness-test', collection: 'loneliness-test-results', data: answers, idempotencyKey, dedupe: 'key-only' as const });
    const first = store.save(test('t-visitor-one'));
    assert.deepEqual(store.save(test('t-visitor-one')), { id: first.id, duplicate: true });
    const other = store.save(test('t-visitor-two'));
    assert.equal(other.duplicate, false);
    assert.equal(store.list({ form: 'loneliness-test' }).length, 2);
  });

  test('canonical JSON sorts keys at every depth and drops undefined', () => {
    assert.equal(canonicalJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: undefined } }), '{"a":{"d":[1,{"x":1,"y":2}]},"b":1}');
  });
});

describe('record life cycle', () => {
  test('a new record is pending and due; delivered leaves the due list with its remote id', (t) => {
    const { store } = open(t);
    const now = Date.now();
    const { id } = store.save(contact(), now);
    const record = store.get(id);
    assert.equal(record?.status, 'pending');
    assert.equal(record?.attempts, 0);
    assert.deepEqual(store.due(now, 10).map((r) => r.id), [id]);
    assert.ok(store.claim(id, now, now + 1000));
    assert.ok(!store.claim(id, now, now + 1000), 'a claimed record is not taken twice');
    store.markDelivered(id, 'doc-1', now + 5);
    const delivered = store.get(id);
    assert.equal(delivered?.status, 'delivered');
    assert.equal(delivered?.remoteId, 'doc-1');
    assert.equal(delivered?.deliveredAt, now + 5);
    assert.equal(delivered?.attempts, 1);
    assert.deepEqual(store.due(now + 10_000, 10), []);
    assert.deepEqual(store.counts(), { pending: 0, delivered: 1, failed: 0 });
  });

  test('a retry waits until its time; a failed record stays and can be put back', (t) => {
    const { store } = open(t);
    const now = Date.now();
    const { id } = store.save(contact(), now);
    store.claim(id, now, now + 1000);
    store.markRetry(id, 'post: 503', now + 5000, true);
    assert.ok(!store.retry(id, now), 'a pending record may be mid-POST: not hurried');
    assert.deepEqual(store.due(now + 4999, 10), []);
    assert.equal(store.due(now + 5000, 10)[0]?.uncertain, true);
    store.markFailed(id, 'post: 400 ValidationError');
    assert.equal(store.get(id)?.status, 'failed');
    assert.deepEqual(store.due(now + 10_000_000, 10), []);
    assert.ok(store.retry(id, now + 6000));
    assert.equal(store.get(id)?.status, 'pending');
    assert.deepEqual(store.due(now + 6000, 10).map((r) => r.id), [id]);
  });

  test('list filters by form and status, newest first', (t) => {
    const { store } = open(t);
    const now = Date.now();
    const a = store.save(contact({ ...VISITOR, message: 'a' }), now);
    const b = store.save({ form: 'start-location', collection: 'x', data: { name: 'b' } }, now + 1);
    const c = store.save(contact({ ...VISITOR, message: 'c' }), now + 2);
    store.markFailed(c.id, 'no');
    assert.deepEqual(store.list().map((r) => r.id), [c.id, b.id, a.id]);
    assert.deepEqual(store.list({ form: 'contact' }).map((r) => r.id), [c.id, a.id]);
    assert.deepEqual(store.list({ status: 'failed' }).map((r) => r.id), [c.id]);
    assert.deepEqual(store.list({ limit: 1 }).map((r) => r.id), [c.id]);
  });
});
