import assert from 'node:assert/strict';
import { describe, test, type TestContext } from 'node:test';
import { openDatabase } from '../../../server/store/database';
import { startDeliveryWorker } from '../../../server/store/delivery-worker';
import { createSubmissionStore } from '../../../server/store/submissions';
import { fakeCollection, type FakeCollection } from '../../support/fake-collection';
import { startFakeContentService } from '../../support/fake-content-service';
import { assertNothingPersonal, captureLogger, clock, contentClient, tempDir, VISITOR } from './helpers/setup';
import { expectErrorLines } from '../../support/error-guard';

const COLLECTION = 'contact-submissions';
// Strapi v5 puts the rejected value in a ValidationError's details.
const VALIDATION_DETAILS = { errors: [{ path: ['email'], message: 'email must be a valid email', name: 'ValidationError', value: VISITOR.email }] };

async function setup(t: TestContext, options: { timeoutMs?: number; maxBackoffMs?: number } = {}) {
  const collection = fakeCollection(COLLECTION, VALIDATION_DETAILS);
  const service = await startFakeContentService(collection.answer);
  t.after(() => service.down());
  const db = openDatabase(tempDir(t));
  const store = createSubmissionStore(db);
  const { logger, lines } = captureLogger();
  const time = clock();
  const worker = startDeliveryWorker({
    store,
    client: contentClient(service.url, logger, options.timeoutMs ?? 2000),
    logger,
    intervalMs: 3_600_000,
    maxBackoffMs: options.maxBackoffMs,
    now: time.now,
    random: () => 0.5,
  });
  t.after(async () => {
    await worker.stop();
    db.close();
  });
  // The first fetch of a process loads undici; that must not eat a short test timeout.
  await fetch(`${service.url}/warm-up`).then((r) => r.text());
  const save = () => store.save({ form: 'contact', collection: COLLECTION, data: { ...VISITOR } }, time.now()).id;
  return { service, collection, store, worker, time, lines, save };
}

/** The next attempt is due once the clock passes the record's backoff. */
const catchUp = (s: { time: ReturnType<typeof clock>; store: { get(id: string): { nextAttemptAt: number } | undefined } }, id: string) =>
  s.time.advance(Math.max(0, (s.store.get(id)?.nextAttemptAt ?? 0) - s.time.now()));

function assertOneRecord(collection: FakeCollection, id: string) {
  assert.equal(collection.records.length, 1, 'exactly one record in the content service');
  assert.equal(collection.records[0]?.data.submissionId, id);
}

describe('delivery to the content service', () => {
  test('a due submission is posted once with its data and submissionId, and marked delivered', async (t) => {
    const s = await setup(t);
    const id = s.save();
    assert.equal(await s.worker.runOnce(), 1);
    assertOneRecord(s.collection, id);
    assert.deepEqual(s.collection.records[0]?.data, { ...VISITOR, submissionId: id });
    const record = s.store.get(id);
    assert.equal(record?.status, 'delivered');
    assert.equal(record?.remoteId, s.collection.records[0]?.documentId);
    assert.equal(await s.worker.runOnce(), 0, 'nothing left to do');
    assert.equal(s.collection.posts, 1);
    assertNothingPersonal(s.lines);
  });

  test('service refusing connections: kept pending, delivered exactly once when it is back', async (t) => {
    const s = await setup(t);
    await s.service.down();
    const id = s.save();
    assert.equal(await s.worker.runOnce(), 0);
    assert.equal(s.store.get(id)?.status, 'pending');
    assert.equal(s.store.get(id)?.uncertain, false, 'a refused connection stored nothing');
    assert.equal(await s.worker.runOnce(), 0, 'not due again before its backoff');
    await s.service.up();
    catchUp(s, id);
    assert.equal(await s.worker.runOnce(), 1);
    assertOneRecord(s.collection, id);
    assert.equal(s.collection.posts, 1);
    assert.equal(s.store.get(id)?.attempts, 2);
    assertNothingPersonal(s.lines);
  });

  test('service answering 500: retried after a lookup, one record in the end', async (t) => {
    const s = await setup(t);
    s.collection.mode = 'error';
    const id = s.save();
    await s.worker.runOnce();
    assert.equal(s.store.get(id)?.uncertain, true);
    s.collection.mode = 'up';
    catchUp(s, id);
    assert.equal(await s.worker.runOnce(), 1);
    assert.equal(s.collection.gets, 1, 'looked up before posting again');
    assertOneRecord(s.collection, id);
    assertNothingPersonal(s.lines);
  });

  test('service timing out without storing: delivered exactly once after it recovers', async (t) => {
    const s = await setup(t, { timeoutMs: 400 });
    s.collection.mode = 'slow';
    s.collection.slowMs = 1500;
    const id = s.save();
    await s.worker.runOnce();
    assert.equal(s.store.get(id)?.status, 'pending');
    assert.match(s.store.get(id)?.lastError ?? '', /TIMEOUT/);
    s.collection.mode = 'up';
    catchUp(s, id);
    assert.equal(await s.worker.runOnce(), 1, s.store.get(id)?.lastError ?? '');
    assertOneRecord(s.collection, id);
  });

  for (const mode of ['reset-after-store', 'slow-after-store', 'error-after-store'] as const) {
    test(`stored but the answer was lost (${mode}): the retry finds it and does not post again`, async (t) => {
      const s = await setup(t, { timeoutMs: 400 });
      s.collection.mode = mode;
      s.collection.slowMs = 1500;
      const id = s.save();
      assert.equal(await s.worker.runOnce(), 0);
      assert.equal(s.store.get(id)?.status, 'pending');
      assert.equal(s.collection.posts, 1);
      s.collection.mode = 'up';
      catchUp(s, id);
      assert.equal(await s.worker.runOnce(), 1, s.store.get(id)?.lastError ?? '');
      assert.equal(s.collection.posts, 1, 'no second POST');
      assert.equal(s.collection.gets, 1);
      assertOneRecord(s.collection, id);
      assert.equal(s.store.get(id)?.remoteId, s.collection.records[0]?.documentId);
    });
  }

  test('400 ValidationError: failed for good, kept, not retried, nothing personal logged', async (t) => {
    expectErrorLines('submission delivery failed for good: collection contact-submissions refused field(s) email');
    const s = await setup(t);
    s.collection.mode = 'validation-error';
    const id = s.save();
    await s.worker.runOnce();
    const record = s.store.get(id);
    assert.equal(record?.status, 'failed');
    assert.match(record?.lastError ?? '', /400 ValidationError/);
    s.time.advance(86_400_000);
    s.collection.mode = 'up';
    assert.equal(await s.worker.runOnce(), 0);
    assert.equal(s.collection.posts, 1);
    assert.equal(s.store.get(id)?.data.email, VISITOR.email, 'the answers stay in the store');
    const line = s.lines.find((l) => String(l.msg).startsWith('submission delivery failed for good'));
    assert.equal(line?.submission, id);
    assert.equal(line?.error, 'ValidationError');
    assert.deepEqual(line?.rejectedFields, ['email'], 'the refused field by name, for the operator');
    assert.match(String(line?.msg), /collection \S+ refused field\(s\) email; .*retry --failed/);
    assertNothingPersonal(s.lines);
  });

  test('429 is retried; 403 is permanent', async (t) => {
    expectErrorLines('submission delivery failed for good; kept for the operator');
    const s = await setup(t);
    s.collection.mode = 'too-many-requests';
    const a = s.save();
    await s.worker.runOnce();
    assert.equal(s.store.get(a)?.status, 'pending');
    assert.equal(s.store.get(a)?.uncertain, false);
    s.collection.mode = 'forbidden';
    catchUp(s, a);
    await s.worker.runOnce();
    assert.equal(s.store.get(a)?.status, 'failed');
  });

  test('backoff doubles from 5 s and stops at the cap', async (t) => {
    expectErrorLines('content service keeps failing');
    const s = await setup(t, { maxBackoffMs: 30_000 });
    await s.service.down();
    const id = s.save();
    const waits: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      await s.worker.runOnce();
      waits.push((s.store.get(id)?.nextAttemptAt ?? 0) - s.time.now());
      catchUp(s, id);
    }
    assert.deepEqual(waits, [5_000, 10_000, 20_000, 30_000, 30_000]);
  });

  test('a crash mid-POST (claimed, never answered) is looked up before posting again', async (t) => {
    const s = await setup(t);
    const id = s.save();
    assert.ok(s.store.claim(id, s.time.now(), s.time.now() + 120_000));
    s.collection.records.push({ documentId: 'from-before-the-crash', data: { ...VISITOR, submissionId: id } });
    assert.equal(await s.worker.runOnce(), 0, 'still leased');
    s.time.advance(120_000);
    assert.equal(await s.worker.runOnce(), 1);
    assert.equal(s.collection.posts, 0);
    assert.equal(s.store.get(id)?.remoteId, 'from-before-the-crash');
  });

  test('runs never overlap, and stop waits for the delivery under way', async (t) => {
    const s = await setup(t, { timeoutMs: 2000 });
    s.collection.mode = 'slow-after-store';
    s.collection.slowMs = 200;
    const id = s.save();
    const first = s.worker.runOnce();
    const second = s.worker.runOnce();
    assert.equal(first, second, 'a second call joins the run under way');
    await s.worker.stop();
    assert.equal(s.store.get(id)?.status, 'delivered', 'stop returned after the delivery finished');
    assert.equal(await first, 1);
    assert.equal(s.collection.posts, 1);
  });

  test('stop ends a batch after the record under way; the rest wait for the next start', async (t) => {
    const s = await setup(t, { timeoutMs: 2000 });
    s.collection.mode = 'slow-after-store';
    s.collection.slowMs = 150;
    const ids = [s.save(), s.store.save({ form: 'contact', collection: COLLECTION, data: { name: 'b' } }, s.time.now()).id];
    const run = s.worker.runOnce();
    await s.worker.stop();
    assert.equal(await run, 1);
    assert.deepEqual(ids.map((id) => s.store.get(id)?.status), ['delivered', 'pending']);
  });
});
