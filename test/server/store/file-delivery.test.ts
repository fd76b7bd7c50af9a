import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { describe, test, type TestContext } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createContentClient } from '../../../src/content/client';
import { parseContentSettings } from '../../../src/content/settings';
import { openDatabase } from '../../../server/store/database';
import { startDeliveryWorker } from '../../../server/store/delivery-worker';
import { toCsv, toJson } from '../../../server/store/export';
import { uploadTimeoutMs } from '../../../server/store/file-upload';
import { createSubmissionStore, type StoredFile } from '../../../server/store/submissions';
import { fakeCollection } from '../../support/fake-collection';
import { startFakeContentService } from '../../support/fake-content-service';
import { fakeUploads } from '../../support/fake-uploads';
import { assertNothingPersonal, captureLogger, clock, tempDir, VISITOR } from './helpers/setup';
import { expectErrorLines } from '../../support/error-guard';

const COLLECTION = 'vacancy-applications';
const TOKEN = 'test-api-token';
// What a visitor calls their files: personal, so never in a log line.
const CV_NAME = 'CV Sanne de Vries.pdf';
const MOTIVATION_NAME = 'Motivatie Sanne de Vries.docx';

async function setup(t: TestContext) {
  const dir = tempDir(t);
  const collection = fakeCollection(COLLECTION);
  const uploads = fakeUploads(path.join(dir, 'received'));
  const service = await startFakeContentService((req, incoming) => (req.path === '/api/upload' ? uploads.answer(req, incoming) : collection.answer(req)));
  t.after(() => service.down());
  const db = openDatabase(dir);
  const store = createSubmissionStore(db);
  const { logger, lines } = captureLogger();
  const time = clock();
  const client = createContentClient({ settings: parseContentSettings({ url: service.url, timeoutMs: 2000, token: TOKEN }), logger, cache: null });
  const worker = startDeliveryWorker({ store, client, logger, intervalMs: 3_600_000, now: time.now, random: () => 0.5 });
  t.after(async () => {
    await worker.stop();
    db.close();
  });
  await fetch(`${service.url}/warm-up`).then((r) => r.text());

  let uploadDirs = 0;
  /** Files written the way the form routes store them, then a submission pointing at them. */
  const save = (contents: { cv: Buffer | number; motivation?: Buffer }) => {
    const upload = path.join(dir, 'uploads', String((uploadDirs += 1)));
    mkdirSync(upload, { recursive: true });
    const files: StoredFile[] = [];
    const write = (field: string, originalName: string, mime: string, content: Buffer | number) => {
      const file = path.join(upload, `${field}-${files.length}`);
      const size = typeof content === 'number' ? writeLarge(file, content) : (writeFileSync(file, content), content.length);
      files.push({ field, path: file, originalName, size, mime });
    };
    write('cv', CV_NAME, 'application/pdf', contents.cv);
    if (contents.motivation) write('motivation', MOTIVATION_NAME, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', contents.motivation);
    const data: Record<string, unknown> = { name: VISITOR.name, email: VISITOR.email, phone: VISITOR.phone, privacy: true };
    for (const f of files) data[f.field] = { name: f.originalName, size: f.size, type: f.mime, stored: path.basename(upload) };
    return { id: store.save({ form: 'vacancy', collection: COLLECTION, data, files }, time.now()).id, files };
  };
  const catchUp = (id: string) => time.advance(Math.max(0, (store.get(id)?.nextAttemptAt ?? 0) - time.now()));
  return { collection, uploads, store, worker, lines, save, catchUp, dir };
}

/** A file of `megabytes` MB written a MB at a time, so the test itself holds no big buffer. */
function writeLarge(file: string, megabytes: number): number {
  const chunk = randomBytes(1024 * 1024);
  const fd = openSync(file, 'w');
  for (let i = 0; i < megabytes; i += 1) writeSync(fd, chunk);
  closeSync(fd);
  return megabytes * chunk.length;
}

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
const CV = Buffer.from('%PDF-1.4\nthe CV of a visitor\n%%EOF\n');
const MOTIVATION = Buffer.from('PK\u0003\u0004 a motivation letter');

describe('files of a submission to the content service', () => {
  test('two files: two uploads, then one record whose file fields are the upload ids', async (t) => {
    const s = await setup(t);
    const { id, files } = s.save({ cv: CV, motivation: MOTIVATION });
    assert.equal(await s.worker.runOnce(), 1, s.store.get(id)?.lastError ?? '');

    assert.equal(s.uploads.posts, 2, 'one upload request per file');
    assert.deepEqual(s.uploads.auth, [`Bearer ${TOKEN}`, `Bearer ${TOKEN}`]);
    const [cv, motivation] = s.uploads.files;
    assert.deepEqual([cv?.name, cv?.mime, cv?.size], [CV_NAME, 'application/pdf', CV.length]);
    assert.equal(motivation?.name, MOTIVATION_NAME);
    assert.equal(cv?.sha256, sha256(files[0]?.path ?? ''), 'the uploaded bytes are the CV on disk');
    assert.equal(motivation?.sha256, sha256(files[1]?.path ?? ''));

    assert.equal(s.collection.records.length, 1);
    const data = s.collection.records[0]?.data;
    assert.deepEqual(data, { name: VISITOR.name, email: VISITOR.email, phone: VISITOR.phone, privacy: true, cv: cv?.id, motivation: motivation?.id, submissionId: id });
    const record = s.store.get(id);
    assert.equal(record?.status, 'delivered');
    assert.deepEqual(record?.uploads, { cv: cv?.id, motivation: motivation?.id });
    assert.equal(typeof (record?.data.cv as { name?: unknown }).name, 'string', 'the local answers keep the file details');
    assert.ok(files.every((f) => existsSync(f.path)), 'the worker leaves the files to the purge (purge.ts), which the outbox kicks on delivery');
    assertNothingPersonal(s.lines);
    assert.ok(!JSON.stringify(s.lines).includes('Motivatie'));
  });

  test('uploads ok, record POST fails: the retry posts once and uploads nothing again', async (t) => {
    const s = await setup(t);
    const { id } = s.save({ cv: CV, motivation: MOTIVATION });
    s.collection.mode = 'error';
    assert.equal(await s.worker.runOnce(), 0);
    assert.equal(s.uploads.posts, 2);
    assert.deepEqual(s.store.get(id)?.uploads, { cv: 42, motivation: 43 }, 'ids stored as the uploads answered');
    s.collection.mode = 'up';
    s.catchUp(id);
    assert.equal(await s.worker.runOnce(), 1, s.store.get(id)?.lastError ?? '');
    assert.equal(s.uploads.posts, 2, 'exactly 2 uploads in total');
    assert.equal(s.uploads.files.length, 2);
    assert.equal(s.collection.records.length, 1);
    assert.equal(s.collection.records[0]?.data.cv, 42);
    assert.equal(s.collection.records[0]?.data.motivation, 43);
    assertNothingPersonal(s.lines);
  });

  test('a file uploaded by an earlier attempt is not sent again; the rest is', async (t) => {
    const s = await setup(t);
    const { id } = s.save({ cv: CV, motivation: MOTIVATION });
    s.store.recordUpload(id, 'cv', 7);
    assert.equal(await s.worker.runOnce(), 1);
    assert.equal(s.uploads.posts, 1);
    assert.equal(s.uploads.files[0]?.name, MOTIVATION_NAME);
    assert.equal(s.collection.records[0]?.data.cv, 7);
    assert.equal(s.collection.records[0]?.data.motivation, s.uploads.files[0]?.id);
  });

  test('upload answers 500: retried later, one record in the end', async (t) => {
    const s = await setup(t);
    const { id } = s.save({ cv: CV, motivation: MOTIVATION });
    s.uploads.mode = 'error';
    assert.equal(await s.worker.runOnce(), 0);
    const pending = s.store.get(id);
    assert.equal(pending?.status, 'pending');
    assert.match(pending?.lastError ?? '', /^upload: 500/);
    assert.equal(pending?.uncertain, false, 'no record was posted: nothing to look up');
    assert.equal(s.collection.posts, 0);
    s.uploads.mode = 'up';
    s.catchUp(id);
    assert.equal(await s.worker.runOnce(), 1, s.store.get(id)?.lastError ?? '');
    assert.equal(s.uploads.files.length, 2);
    assert.equal(s.collection.records.length, 1);
    assert.equal(s.collection.posts, 1);
    assertNothingPersonal(s.lines);
  });

  test('upload answers 400: failed for good, not retried, kept for the operator', async (t) => {
    expectErrorLines('submission delivery failed for good');
    const s = await setup(t);
    const { id, files } = s.save({ cv: CV });
    s.uploads.mode = 'validation-error';
    await s.worker.runOnce();
    const record = s.store.get(id);
    assert.equal(record?.status, 'failed');
    assert.match(record?.lastError ?? '', /^upload: 400 ValidationError/);
    s.uploads.mode = 'up';
    s.catchUp(id);
    assert.equal(await s.worker.runOnce(), 0);
    assert.equal(s.uploads.posts, 1);
    assert.equal(s.collection.posts, 0);
    assert.ok(existsSync(files[0]?.path ?? ''));
    const line = s.lines.find((l) => l.msg === 'submission delivery failed for good; kept for the operator');
    assert.equal(line?.stage, 'upload');
    assertNothingPersonal(s.lines);
  });

  test('a stored file gone from disk: failed for good, nothing posted', async (t) => {
    expectErrorLines('submission delivery failed for good');
    const s = await setup(t);
    const { id, files } = s.save({ cv: CV });
    rmSync(files[0]?.path ?? '');
    await s.worker.runOnce();
    assert.equal(s.store.get(id)?.status, 'failed', s.store.get(id)?.lastError ?? '');
    assert.match(s.store.get(id)?.lastError ?? '', /ENOENT/);
    assert.equal(s.uploads.posts + s.collection.posts, 0);
  });

  test('a 20 MB file is streamed: memory does not grow by anything like its size', async (t) => {
    const s = await setup(t);
    // Warm up: the first upload loads the multipart code on both sides.
    s.save({ cv: CV });
    assert.equal(await s.worker.runOnce(), 1);
    const { id, files } = s.save({ cv: 20 });
    // Collected before every sample, so what is measured is what the upload holds, not
    // garbage waiting for the next collection (a run of 64 KB chunks piles up quickly).
    collectGarbage();
    const before = memory();
    const peak = { ...before };
    const sampler = setInterval(() => {
      collectGarbage();
      const now = memory();
      peak.rss = Math.max(peak.rss, now.rss);
      peak.live = Math.max(peak.live, now.live);
    }, 10);
    try {
      assert.equal(await s.worker.runOnce(), 1, s.store.get(id)?.lastError ?? '');
    } finally {
      clearInterval(sampler);
    }
    const uploaded = s.uploads.files.at(-1);
    assert.equal(uploaded?.size, 20 * 1024 * 1024);
    assert.equal(uploaded?.sha256, sha256(files[0]?.path ?? ''));
    // Read whole into a Blob, this upload makes rss grow by 80-90 MB and the live heap and
    // buffers by about 60 MB; with fetch following redirects (it then keeps a copy of the body
    // sent) the buffers grow by the full 20 MB. Streamed, the buffers hold a few chunks, while
    // rss still drifts by 10-25 MB: malloc keeps the pages of freed chunks, on both sides, as
    // the fake service runs in this process too. Hence a generous rss bound and a tight one on
    // what is actually held.
    const mb = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1);
    const growth = `rss +${mb(peak.rss - before.rss)} MB, heap and buffers +${mb(peak.live - before.live)} MB`;
    assert.ok(peak.rss - before.rss < 48 * 1024 * 1024, `${growth} while uploading 20 MB`);
    assert.ok(peak.live - before.live < 8 * 1024 * 1024, `${growth} while uploading 20 MB`);
  });

  test('the upload timeout scales with the size, and never undercuts the configured one', () => {
    assert.equal(uploadTimeoutMs(0, 5000), 30_000);
    assert.equal(uploadTimeoutMs(20 * 1024 * 1024, 5000), 50_000);
    assert.equal(uploadTimeoutMs(100 * 1024 * 1024 + 1, 5000), 131_000);
    assert.equal(uploadTimeoutMs(10, 60_000), 60_000);
  });
});

describe('files without a content service (the embedded default)', () => {
  test('stay on disk; both exports list their paths', (t) => {
    const dir = tempDir(t);
    const db = openDatabase(dir);
    t.after(() => db.close());
    const store = createSubmissionStore(db);
    const file = path.join(dir, 'cv-0');
    writeFileSync(file, CV);
    const files: StoredFile[] = [{ field: 'cv', path: file, originalName: CV_NAME, size: CV.length, mime: 'application/pdf' }];
    const { id } = store.save({ form: 'vacancy', collection: COLLECTION, data: { name: VISITOR.name, cv: { name: CV_NAME } }, files });
    const saved = store.get(id);
    assert.ok(saved);
    const [header, row] = toCsv([saved]).split('\r\n');
    assert.equal(header?.split(',').at(-1), '"stored_files"');
    assert.ok(row?.endsWith(`"cv: ${file}"`), row);
    const json = JSON.parse(toJson([saved])) as Array<{ files: StoredFile[]; uploads: unknown }>;
    assert.equal(json[0]?.files[0]?.path, file);
    assert.deepEqual(json[0]?.uploads, {});
  });
});

// The test runner starts this file without --expose-gc: the flag is turned on here instead.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

function memory() {
  const { rss, heapUsed, arrayBuffers } = process.memoryUsage();
  return { rss, live: heapUsed + arrayBuffers };
}
