// The disk budget of uploads: past the total kept under DATA_DIR/uploads, or with the data
// directory's free space below its floor, a vacancy application's files are refused before
// anything is written, with the upload message at the file field, the other answers kept and
// nothing stored; a low disk is said in the log and in /readyz.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import request from 'supertest';
import { recordingSink, testApp } from '../../support/test-app';
import { ORIGIN, oldStamp, solvedCaptcha } from './helpers';
import { expectErrorLines } from '../../support/error-guard';

const KB = 1024;
const fields = { name: 'Noor Jansen', email: 'noor@example.nl', phone: '0612345678', privacy: 'on' };
/** A PDF of about `kb` kilobytes. */
const pdf = (kb: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(kb * KB, 0x20), Buffer.from('\n%%EOF\n')]);

function post(app: Parameters<typeof request>[0], altcha: string, cv: Buffer) {
  const req = request(app).post('/forms/vacancy-application').set('Origin', ORIGIN).set('Accept', 'application/json').field('altcha', altcha);
  for (const [k, v] of Object.entries(fields)) req.field(k, v);
  return req.attach('cv', cv, { filename: 'cv.pdf', contentType: 'application/pdf' });
}

const filesUnder = (dir: string) => (existsSync(dir) ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length : 0);

describe('the disk budget of uploads', () => {
  test('past the total kept under DATA_DIR/uploads, a CV is refused with the upload message and nothing is stored', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'joinus-budget-'));
    const rec = recordingSink();
    const { app } = testApp({ sink: rec.sink, dataDir, uploads: { maxBytes: 1024 * KB, minFreeBytes: 0 } });
    await post(app, await solvedCaptcha(app), pdf(600)).expect(200);
    assert.equal(rec.saved.length, 1);
    const kept = filesUnder(path.join(dataDir, 'uploads'));

    const res = await post(app, await solvedCaptcha(app), pdf(600)).expect(422);
    assert.match(res.body.errors.cv, /downloadlink/);
    assert.deepEqual(Object.keys(res.body.errors), ['cv'], 'only the file is refused: the other answers stand');
    assert.equal(rec.saved.length, 1, 'nothing stored');
    assert.equal(filesUnder(path.join(dataDir, 'uploads')), kept, 'nothing written');
  });

  test('without JavaScript the form comes back with the message at the file and the answers kept', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'joinus-budget-'));
    const rec = recordingSink();
    const { app } = testApp({ sink: rec.sink, dataDir, uploads: { maxBytes: 100 * KB, minFreeBytes: 0 } });
    const req = request(app).post('/forms/vacancy-application').set('Origin', ORIGIN).field('_ts', oldStamp()).field('_page', '/vacatures');
    for (const [k, v] of Object.entries(fields)) req.field(k, v);
    const res = await req.attach('cv', pdf(200), { filename: 'cv.pdf', contentType: 'application/pdf' }).expect(422);
    assert.match(res.text, /downloadlink/);
    assert.match(res.text, /value="Noor Jansen"/, 'the name is kept');
    assert.equal(rec.saved.length, 0);
  });

  test('below the free-space floor uploads are refused, and the log and /readyz say the disk is low', async () => {
    expectErrorLines('disk space low: new uploads are refused');
    const dataDir = mkdtempSync(path.join(tmpdir(), 'joinus-budget-'));
    const rec = recordingSink();
    const free = statfsSync(dataDir).bavail * statfsSync(dataDir).bsize;
    const { app, logs } = testApp({ sink: rec.sink, dataDir, uploads: { maxBytes: 1024 * 1024 * KB, minFreeBytes: free * 2 } });
    const res = await post(app, await solvedCaptcha(app), pdf(10)).expect(422);
    assert.match(res.body.errors.cv, /downloadlink/);
    assert.equal(rec.saved.length, 0);
    assert.equal(filesUnder(path.join(dataDir, 'uploads')), 0);

    const ready = await request(app).get('/readyz').set('X-Forwarded-For', '203.0.113.7');
    assert.equal(ready.body.checks.disk, 'not-ok');
    assert.ok(logs.some((l) => l.msg === 'disk space low: new uploads are refused' && l.level === 50), 'an error line in the log');
  });

  test('a form without files is stored as usual when the disk is low', async () => {
    expectErrorLines('disk space low: new uploads are refused');
    const dataDir = mkdtempSync(path.join(tmpdir(), 'joinus-budget-'));
    const rec = recordingSink();
    const free = statfsSync(dataDir).bavail * statfsSync(dataDir).bsize;
    const { app } = testApp({ sink: rec.sink, dataDir, uploads: { maxBytes: 1024 * KB, minFreeBytes: free * 2 } });
    await request(app)
      .post('/forms/contact')
      .set('Origin', ORIGIN)
      .set('Accept', 'application/json')
      .type('form')
      .send({ name: 'Sam de Vries', email: 'sam@example.nl', message: 'Ik wil graag meer weten over de groepen.', privacy: 'on', altcha: await solvedCaptcha(app) })
      .expect(200);
    assert.equal(rec.saved.length, 1);
  });
});
