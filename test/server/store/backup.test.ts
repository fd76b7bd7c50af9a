// A replica's own data backed up while the server writes, and restored onto an empty disk as an
// operator would (`npm run submissions -- backup / restore`): the submissions not yet in Strapi,
// the mails not yet sent and the uploads they name come back whole; a pending submission is
// looked up in Strapi before it is sent again (it may have been delivered after the backup);
// a backup never goes over another, and a restore never over a store.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, test } from 'node:test';
import { createMailOutbox } from '../../../server/mail/mail-outbox';
import { openDatabase } from '../../../server/store/database';
import { createSubmissionStore } from '../../../server/store/submissions';
import { operatorCommand } from './helpers/operator-command';
import { tempDir, VISITOR } from './helpers/setup';

test('backup while the server writes, restore onto an empty disk: every record and upload back, pending ones looked up before they are sent; never over a backup or a store', async () => {
  const dataDir = tempDir({ after });
  const db = openDatabase(dataDir);
  const store = createSubmissionStore(db);
  // An upload where the server keeps it, named by its record.
  const cvPath = path.join(dataDir, 'uploads', 'post-1', 'cv-1');
  mkdirSync(path.dirname(cvPath), { recursive: true });
  const cv = Buffer.from('%PDF-1.4 Curriculum vitae van Émile Privé\n');
  writeFileSync(cvPath, cv, { mode: 0o600 });
  const pending = store.save({ form: 'vacancy-application', collection: 'vacancy-applications', data: { name: 'Émile', email: 'emile@example.org', cv: { name: 'cv.pdf', size: cv.length, type: 'application/pdf' } }, files: [{ field: 'cv', path: cvPath, originalName: 'cv.pdf', size: cv.length, mime: 'application/pdf' }] }).id;
  const delivered = store.save({ form: 'contact', collection: 'contact-submissions', data: { ...VISITOR, message: 'Al bezorgd.' } }).id;
  store.markDelivered(delivered, 'remote-1');
  createMailOutbox(db).add({ to: VISITOR.email, subject: 'Bedankt', text: 'Hoi', kind: 'contact.confirmation' });

  // The server keeps writing while the backup is made (the store is in WAL mode).
  let writing = true;
  let written = 0;
  const writer = (async () => {
    while (writing) {
      store.save({ form: 'contact', collection: 'contact-submissions', data: { ...VISITOR, message: `Tijdens de back-up ${written++}` } });
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  const out = path.join(tempDir({ after }), 'backup-1');
  const backup = await operatorCommand(dataDir, 'backup', '--out', out);
  writing = false;
  await writer;
  assert.equal(backup.code, 0, backup.stderr);
  assert.match(backup.stdout, /submissions \(\d+ pending\), 1 mails \(1 pending\), 0 donations, 1 uploads/);
  assert.equal(statSync(out).mode & 0o777, 0o700, 'the backup folder is its owner\'s alone');
  assert.equal(statSync(path.join(out, 'joinus.sqlite')).mode & 0o777, 0o600);
  const manifest = JSON.parse(readFileSync(path.join(out, 'manifest.json'), 'utf8')) as { submissions: Record<string, number>; missingFiles: string[] };
  assert.deepEqual(manifest.missingFiles, []);
  assert.ok(written > 0, 'the writer ran during the backup');

  // Never over another backup.
  const again = await operatorCommand(dataDir, 'backup', '--out', out);
  assert.equal(again.code, 2);
  assert.match(again.stderr, /is not empty: back up into a new folder/);
  // Never over a store: the server's DATA_DIR as it is.
  const over = await operatorCommand(dataDir, 'restore', '--from', out);
  assert.equal(over.code, 2);
  assert.match(over.stderr, /already holds a store: stop the server, move that folder aside/);
  db.close();

  // The disk is lost; a new, empty DATA_DIR.
  const newDisk = path.join(tempDir({ after }), 'data');
  const restore = await operatorCommand(newDisk, 'restore', '--from', out);
  assert.equal(restore.code, 0, restore.stderr);
  assert.match(restore.stdout, /looked up in Strapi before they are sent/);
  const restored = openDatabase(newDisk);
  const back = createSubmissionStore(restored);
  const record = back.get(pending)!;
  assert.equal(record.status, 'pending');
  assert.equal(record.uncertain, true, 'looked up by its id before it is posted again');
  assert.equal(record.data.name, 'Émile');
  assert.deepEqual(readFileSync(path.join(newDisk, 'uploads', 'post-1', 'cv-1')), cv, 'the upload, byte for byte');
  assert.equal(back.get(delivered)!.status, 'delivered');
  assert.equal(back.get(delivered)!.uncertain, false);
  const inBackup = Object.values(manifest.submissions).reduce((a, b) => a + b, 0);
  assert.equal(back.counts().pending + back.counts().delivered + back.counts().failed, inBackup, 'every record of the backup');
  assert.equal(createMailOutbox(restored).counts().pending, 1, 'the mail not yet sent');
  assert.equal(statSync(path.join(newDisk, 'joinus.sqlite')).mode & 0o777, 0o600);
  restored.close();

  // A folder without a backup is named as such.
  const none = await operatorCommand(path.join(tempDir({ after }), 'data'), 'restore', '--from', dataDir + '-nothing');
  assert.equal(none.code, 2);
  assert.match(none.stderr, /holds no backup/);
});
