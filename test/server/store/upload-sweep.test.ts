// Startup removes upload files that no stored submission refers to, once older than the grace
// period; a referenced file stays however old it is, and a fresh one may still be on its way.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { startOutbox, type OutboxOptions } from '../../../server/store/outbox';
import { captureLogger, contentClient, tempDir, VISITOR } from './helpers/setup';

function writeFile(file: string, bytes: number, ageMs: number): string {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, Buffer.alloc(bytes, 0x41));
  const when = new Date(Date.now() - ageMs);
  utimesSync(file, when, when);
  return file;
}

const HOUR = 60 * 60_000;

test('orphan uploads older than the grace period are swept at startup; referenced and fresh files stay', async (t) => {
  const dataDir = tempDir(t);
  const uploads = path.join(dataDir, 'uploads');
  const { logger, lines } = captureLogger();
  const options: OutboxOptions = {
    dataDir,
    client: contentClient('http://127.0.0.1:9', logger),
    contentConfigured: false,
    mailFrom: 'Stichting Join Us <noreply@stichtingjoinus.nl>',
    mailTo: 'info@stichtingjoinus.nl',
    logger,
  };

  // A stored submission with a CV, written long ago (a relative DATA_DIR stores a relative path).
  const first = startOutbox(options);
  const cv = writeFile(path.join(uploads, 'post-kept', 'cv-0'), 1000, 5 * HOUR);
  first.sink.save({
    form: 'vacancy-application',
    collection: 'vacancy-applications',
    data: { ...VISITOR },
    files: [{ field: 'cv', path: path.relative(process.cwd(), cv), originalName: 'cv.pdf', size: 1000, mime: 'application/pdf' }],
  });
  await first.stop();

  // What a crash leaves: a post's file with no record, old; the same, just written; a stray file.
  const orphan = writeFile(path.join(uploads, 'post-crashed', 'cv-0'), 5000, 2 * HOUR);
  const orphanMotivation = writeFile(path.join(uploads, 'post-crashed', 'motivation-1'), 300, 2 * HOUR);
  const besideKept = writeFile(path.join(uploads, 'post-kept', 'motivation-1'), 200, 2 * HOUR);
  const fresh = writeFile(path.join(uploads, 'post-in-flight', 'cv-0'), 100, 60_000);
  const stray = writeFile(path.join(uploads, 'stray.tmp'), 10, 3 * HOUR);

  const second = startOutbox(options);
  t.after(() => second.stop());
  assert.ok(existsSync(cv), 'the stored submission keeps its file');
  assert.ok(existsSync(fresh), 'a file younger than the grace period stays');
  for (const gone of [orphan, orphanMotivation, besideKept, stray]) assert.equal(existsSync(gone), false, `${path.relative(uploads, gone)} is removed`);
  assert.equal(existsSync(path.join(uploads, 'post-crashed')), false, 'the emptied post directory goes too');
  const line = lines.find((l) => l.msg === 'orphan uploads removed (no stored submission refers to them)');
  assert.equal(line?.removed, 4);
  assert.equal(line?.bytes, 5510);
});
