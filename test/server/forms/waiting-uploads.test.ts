// The class: every upload the site holds, waiting for a confirmation or stored with its
// submission, is found by erase (under any casing of the address, in any script), and what is
// no longer needed is swept on a schedule, not only at a restart. Through the real form
// pipeline, the real outbox over SQLite and the operator command: a vacancy application sent
// without JavaScript too fast is asked to confirm, its CV and motivation letter waiting on the
// server meanwhile (server/forms/confirm-step.ts).
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import request from 'supertest';
import { startOutbox, type OutboxOptions } from '../../../server/store/outbox';
import { memoryLog, testApp } from '../../support/test-app';
import { operatorCommand } from '../store/helpers/operator-command';
import { clock, contentClient, tempDir } from '../store/helpers/setup';
import { ORIGIN, stamps } from './helpers';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const stampIn = (html: string) => /name="_ts" value="([^"]+)"/.exec(html)?.[1];
const MINUTE = 60_000;

function site(t: { after(fn: () => unknown): void }, dataDir: string, extra: Partial<OutboxOptions> = {}) {
  const { logger } = memoryLog();
  const options: OutboxOptions = {
    dataDir, client: contentClient('http://127.0.0.1:9', logger), contentConfigured: false, mailFrom: 'site@example.nl', mailTo: 'info@example.nl', logger, ...extra,
  };
  const outbox = startOutbox(options);
  t.after(() => outbox.stop());
  const { app } = testApp({ sink: outbox.sink, dataDir });
  return { outbox, app, options };
}

/** A vacancy application without JavaScript; `stamp` now: sent too fast, asked to confirm. */
function apply(app: ReturnType<typeof testApp>['app'], email: string, stamp: string, files: Array<'cv' | 'motivation'> = []) {
  const req = request(app).post('/forms/vacancy-application').set('Origin', ORIGIN).field('_ts', stamp);
  for (const [k, v] of Object.entries({ name: 'Özlem Şahin', email, phone: '0612345678', privacy: 'on', _page: '/vacatures' })) req.field(k, v);
  for (const field of files) req.attach(field, PDF, { filename: `${field}.pdf`, contentType: 'application/pdf' });
  return req;
}

const filesIn = (dir: string) => (existsSync(dir) ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length : 0);

describe('every upload the site holds, waiting or stored, is found by erase and swept on a schedule', () => {
  test('erase finds and removes a CV waiting for a confirmation beside a stored one, under another casing of a Turkish address; the confirmation then asks for the CV again', async (t) => {
    const dataDir = tempDir(t);
    const uploads = path.join(dataDir, 'uploads');
    const { app, outbox } = site(t, dataDir);
    // A confirmation comes the fill time after the page that asked (confirm-step.ts).
    t.mock.timers.enable({ apis: ['Date'], now: Date.now() });
    // Stored: asked to confirm, confirmed.
    const first = await apply(app, 'ÖZLEM.ŞAHİN@Örnek.com.tr', stamps.stamp(), ['cv']).expect(200);
    t.mock.timers.tick(3_500);
    await apply(app, 'ÖZLEM.ŞAHİN@Örnek.com.tr', stampIn(first.text)!).expect(303);
    // Waiting: a second application, its CV and motivation letter kept for the confirmation.
    const waiting = await apply(app, 'Özlem.Şahin@ÖRNEK.com.tr', stamps.stamp(), ['cv', 'motivation']).expect(200);
    assert.match(waiting.text, /Je bestand hebben we bewaard/);
    assert.equal(filesIn(uploads), 3);

    const found = await operatorCommand(dataDir, 'find', '--email', 'özlem.şahin@örnek.com.tr');
    assert.equal(found.code, 0, found.stderr);
    assert.match(found.stdout, /^site store: 1 submission, \d+ mails?, 0 donations, 3 files on disk \(2 waiting for a confirmation\)$/m);
    assert.match(found.stdout, /^site uploads\s+file motivation \(\d+ bytes\)\s+\S+\/motivation-\d+\s.*waiting for a confirmation \(vacancy-application\)$/m);
    const exported = JSON.parse((await operatorCommand(dataDir, 'export', '--email', 'ÖZLEM.ŞAHİN@ÖRNEK.COM.TR', '--format', 'json')).stdout) as { site: { waitingUploads: Array<{ file: { field: string } }> } };
    assert.deepEqual(exported.site.waitingUploads.map((w) => w.file.field).sort(), ['cv', 'motivation']);

    const erased = await operatorCommand(dataDir, 'erase', '--email', 'ÖZLEM.ŞAHİN@ÖRNEK.COM.TR');
    assert.equal(erased.code, 0, erased.stderr);
    assert.match(erased.stdout, /^site store: removed 1 submission, \d+ mails?, 3 files \(2 waiting for a confirmation\); /);
    assert.equal(filesIn(uploads), 0, 'no file of hers is left on the disk');
    assert.equal(outbox.submissions.list().length, 0);

    // The question is still in memory; its files are gone: the form comes back asking for the CV.
    t.mock.timers.tick(3_500);
    const confirmed = await apply(app, 'Özlem.Şahin@ÖRNEK.com.tr', stampIn(waiting.text)!).expect(422);
    assert.match(confirmed.text, /Je hebt geen cv toegevoegd\./);
    assert.match(confirmed.text, /value="Özlem Şahin"/);
    assert.equal(outbox.submissions.list().length, 0, 'nothing stored with a missing file');
  });

  test('a waiting upload whose question expired, and an old orphan, are swept on the schedule, with no restart', async (t) => {
    const dataDir = tempDir(t);
    const uploads = path.join(dataDir, 'uploads');
    const time = clock();
    const { app, outbox } = site(t, dataDir, { purge: { now: time.now, intervalMs: 24 * 60 * MINUTE } });
    await apply(app, 'ΣΟΦΙΑ@Παράδειγμα.ελ', stamps.stamp(), ['cv']).expect(200);
    // What a post cut off by a crash leaves, two hours old.
    const orphan = path.join(uploads, 'post-crashed', 'cv-0');
    mkdirSync(path.dirname(orphan), { recursive: true });
    writeFileSync(orphan, PDF);
    const old = new Date(Date.now() - 2 * 60 * MINUTE);
    utimesSync(orphan, old, old);

    await outbox.purge.runOnce();
    assert.equal(existsSync(orphan), false, 'the orphan goes on the schedule');
    assert.equal(filesIn(uploads), 1, 'the question is still open: its CV waits');
    time.advance(31 * MINUTE);
    await outbox.purge.runOnce();
    assert.equal(filesIn(uploads), 0, 'the question expired: its CV is gone');
    assert.equal(readdirSync(uploads).length, 0, 'and its folder');
  });

  test('after a restart a waiting upload goes at once: no process remembers its question', async (t) => {
    const dataDir = tempDir(t);
    const uploads = path.join(dataDir, 'uploads');
    const { app, outbox, options } = site(t, dataDir);
    await apply(app, 'ИВАН@Пример.рф', stamps.stamp(), ['cv', 'motivation']).expect(200);
    assert.equal(filesIn(uploads), 2);
    await outbox.stop();
    const again = startOutbox(options);
    t.after(() => again.stop());
    assert.equal(filesIn(uploads), 0);
  });
});
