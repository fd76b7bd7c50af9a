import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { openDatabase } from '../../../server/store/database';
import { startDeliveryWorker } from '../../../server/store/delivery-worker';
import { createSubmissionStore } from '../../../server/store/submissions';
import { fakeCollection } from '../../support/fake-collection';
import { startFakeContentService } from '../../support/fake-content-service';
import { captureLogger, contentClient, tempDir, VISITOR } from './helpers/setup';

const fixture = fileURLToPath(new URL('./fixtures/save-and-wait.ts', import.meta.url));

test('a process killed with SIGKILL right after "saved" loses nothing: a fresh process delivers the record', async (t) => {
  const dataDir = tempDir(t);
  const child = spawn(process.execPath, ['--import', 'tsx', fixture, dataDir, JSON.stringify(VISITOR)], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const id = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /^saved (\S+)\n/.exec(out);
      if (match?.[1]) {
        child.kill('SIGKILL');
        resolve(match[1]);
      }
    });
    child.on('exit', () => reject(new Error(`child ended before saving: ${stderr}`)));
  });
  const [, signal] = (await once(child, 'exit')) as [number | null, string | null];
  assert.equal(signal, 'SIGKILL');

  const db = openDatabase(dataDir);
  t.after(() => db.close());
  const store = createSubmissionStore(db);
  const record = store.get(id);
  assert.equal(record?.status, 'pending');
  assert.deepEqual(record?.data, VISITOR);

  const collection = fakeCollection('contact-submissions');
  const service = await startFakeContentService(collection.answer);
  t.after(() => service.down());
  const { logger } = captureLogger();
  const worker = startDeliveryWorker({ store, client: contentClient(service.url, logger, 2000), logger, intervalMs: 3_600_000 });
  t.after(() => worker.stop());
  assert.equal(await worker.runOnce(), 1);
  assert.equal(collection.records.length, 1);
  assert.equal(collection.records[0]?.data.submissionId, id);
  assert.equal(store.get(id)?.status, 'delivered');
});
