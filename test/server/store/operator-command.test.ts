import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { after, before, describe, test } from 'node:test';
import { createMailOutbox } from '../../../server/mail/mail-outbox';
import { openDatabase } from '../../../server/store/database';
import { csvCell } from '../../../server/store/export';
import { createPurge } from '../../../server/store/purge';
import { DEFAULT_RETENTION } from '../../../server/store/retention';
import { createSubmissionStore } from '../../../server/store/submissions';
import { tempDir, VISITOR } from './helpers/setup';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const run = promisify(execFile);

async function command(dataDir: string, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'scripts/submissions.ts', ...args], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir },
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('npm run submissions', () => {
  const dataDir = tempDir({ after });
  let ids: string[] = [];
  before(() => {
    const db = openDatabase(dataDir);
    const store = createSubmissionStore(db);
    const now = Date.parse('2030-01-02T10:00:00Z');
    ids = [
      store.save({ form: 'contact', collection: 'contact-submissions', data: { ...VISITOR, message: 'Hallo, "Join Us"!\nTweede regel.' } }, now).id,
      store.save({
        form: 'vacancy-application', collection: 'vacancy-applications',
        data: { name: 'Ali', email: 'ali@example.org', phone: '+31 6 12345678', cv: { name: 'cv.pdf', size: 10, type: 'application/pdf' } },
        files: [{ field: 'cv', path: '/srv/uploads/x/cv.pdf', originalName: 'cv.pdf', size: 10, mime: 'application/pdf' }],
      }, now + 60_000).id,
    ];
    store.markFailed(ids[1]!, 'post: 400 ValidationError');
    createMailOutbox(db).add({ to: VISITOR.email, subject: 'Bedankt', text: 'Hoi', kind: 'contact.confirmation' }, now);
    db.close();
  });

  test('list shows ids, forms, statuses, times and attempts, and no answers', async () => {
    const { code, stdout } = await command(dataDir, 'list');
    assert.equal(code, 0);
    assert.match(stdout, /^id\s+form\s+status\s+created \(UTC\)\s+attempts$/m);
    assert.match(stdout, new RegExp(`^${ids[0]}\\s+contact\\s+pending\\s+2030-01-02 10:00:00\\s+0$`, 'm'));
    assert.match(stdout, new RegExp(`^${ids[1]}\\s+vacancy-application\\s+failed\\s+`, 'm'));
    assert.match(stdout, /1 pending, 0 delivered, 1 failed in all/);
    for (const personal of [VISITOR.email, VISITOR.name, 'Ali', 'ali@example.org']) assert.ok(!stdout.includes(personal));
    const failed = await command(dataDir, 'list', '--status', 'failed');
    assert.ok(!failed.stdout.includes(ids[0]!));
  });

  test('export --format json: every record with all its answers, oldest first', async () => {
    const { code, stdout } = await command(dataDir, 'export', '--format', 'json');
    assert.equal(code, 0);
    const records = JSON.parse(stdout) as Array<{ id: string; form: string; status: string; createdAt: string; data: Record<string, unknown>; files: unknown[] }>;
    assert.deepEqual(records.map((r) => r.id), ids);
    assert.deepEqual(records[0]?.data, { ...VISITOR, message: 'Hallo, "Join Us"!\nTweede regel.' });
    assert.equal(records[0]?.createdAt, '2030-01-02T10:00:00.000Z');
    assert.equal(records[1]?.status, 'failed');
    assert.equal(records[1]?.files.length, 1);
    const onlyContact = JSON.parse((await command(dataDir, 'export', '--format', 'json', '--form', 'contact')).stdout) as unknown[];
    assert.equal(onlyContact.length, 1);
  });

  test('export --format csv: a header of all answer keys, every cell quoted, to a private file', async () => {
    const out = path.join(dataDir, 'export.csv');
    const { code, stderr } = await command(dataDir, 'export', '--format', 'csv', '--out', out);
    assert.equal(code, 0);
    assert.match(stderr, /2 submission\(s\) written/);
    assert.equal(statSync(out).mode & 0o777, 0o600);
    const csv = readFileSync(out, 'utf8');
    assert.ok(csv.endsWith('\r\n'));
    const [head, first, second, ...rest] = parseCsv(csv);
    assert.deepEqual(rest, []);
    assert.deepEqual(head, ['id', 'form', 'status', 'created_at', 'delivered_at', 'name', 'email', 'phone', 'message', 'privacy', 'cv', 'stored_files']);
    assert.deepEqual(first, [
      ids[0], 'contact', 'pending', '2030-01-02T10:00:00.000Z', '', VISITOR.name, VISITOR.email, VISITOR.phone,
      'Hallo, "Join Us"!\nTweede regel.', 'true', '', '',
    ]);
    assert.deepEqual(second, [
      ids[1], 'vacancy-application', 'failed', '2030-01-02T10:01:00.000Z', '', 'Ali', 'ali@example.org', "'+31 6 12345678",
      '', '', '{"name":"cv.pdf","size":10,"type":"application/pdf"}', 'cv: /srv/uploads/x/cv.pdf',
    ]);
  });

  test('retry puts a failed submission back in line; a pending, delivered or unknown one is refused', async () => {
    const retried = await command(dataDir, 'retry', ids[1]!);
    assert.equal(retried.code, 0);
    assert.match(retried.stdout, /pending again/);
    const db = openDatabase(dataDir);
    const store = createSubmissionStore(db);
    assert.equal(store.get(ids[1]!)?.status, 'pending');
    store.markDelivered(ids[1]!, 'doc');
    db.close();
    const again = await command(dataDir, 'retry', ids[1]!);
    assert.equal(again.code, 1);
    assert.match(again.stderr, /delivered; only a failed submission is retried/);
    assert.equal((await command(dataDir, 'retry', ids[0]!)).code, 1, 'a pending one is left alone');
    assert.match((await command(dataDir, 'retry', 'nope')).stderr, /no such submission/);
  });

  test('retry refuses a failed record whose answers the retention removed, and retry --failed passes it by', async () => {
    const db = openDatabase(dataDir);
    const store = createSubmissionStore(db);
    const id = store.save({ form: 'contact', collection: 'contact-submissions', data: { ...VISITOR, message: 'verlopen' } }, 0).id;
    store.markFailed(id, 'post: 403 Forbidden');
    await createPurge(db, { settings: DEFAULT_RETENTION, uploadsDir: path.join(dataDir, 'uploads') }).runBatch(Date.now());
    db.close();
    const one = await command(dataDir, 'retry', id);
    assert.equal(one.code, 1);
    assert.match(one.stderr, /its answers were removed \(retention\): nothing left to deliver/);
    const all = await command(dataDir, 'retry', '--failed');
    assert.ok(!all.stdout.includes(id) && !all.stderr.includes(id), 'not retried, not reported');
  });

  test('mails lists the outbox without addresses; usage errors exit 2', async () => {
    const { stdout } = await command(dataDir, 'mails');
    assert.match(stdout, /contact\.confirmation\s+pending/);
    assert.ok(!stdout.includes(VISITOR.email));
    assert.equal((await command(dataDir, 'export', '--format', 'xml')).code, 2);
    assert.equal((await command(dataDir, 'frobnicate')).code, 2);
    assert.equal((await command(path.join(dataDir, 'missing'), 'list')).code, 1);
  });

  test('csv cells: every one quoted, quotes doubled, formulas defused, control characters gone, objects as JSON', () => {
    assert.equal(csvCell('a,b'), '"a,b"');
    assert.equal(csvCell('Sam;=1+1'), '"Sam;=1+1"');
    assert.equal(csvCell('say "hi"'), '"say ""hi"""');
    assert.equal(csvCell('=HYPERLINK("x")'), `"'=HYPERLINK(""x"")"`);
    assert.equal(csvCell('\u0000=HYPERLINK("x")'), `"'=HYPERLINK(""x"")"`);
    assert.equal(csvCell('@SUM(A1)'), `"'@SUM(A1)"`);
    assert.equal(csvCell('regel 1\r\nregel 2'), '"regel 1\nregel 2"');
    assert.equal(csvCell(-3), '"-3"');
    assert.equal(csvCell(undefined), '""');
    assert.equal(csvCell({ a: 1 }), '"{""a"":1}"');
  });
});

/** RFC 4180, as a spreadsheet reads it: quoted cells may hold commas, quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    const next = text[i + 1];
    if (quoted && char === '"' && next === '"') {
      cell += '"';
      i += 1;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (!quoted && char === ',') {
      row.push(cell);
      cell = '';
    } else if (!quoted && char === '\r' && next === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else {
      cell += char;
    }
  }
  return rows;
}
