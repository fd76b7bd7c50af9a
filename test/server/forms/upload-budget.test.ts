// The disk budget of uploads: past the total kept under DATA_DIR/uploads, or with the data
// directory's free space below its floor, a vacancy application's files are refused and nothing
// of them is kept, with the upload message at the file field, the other answers kept and
// nothing stored; a low disk is said in the log and in /readyz.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, statfsSync } from 'node:fs';
import { createServer } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import request from 'supertest';
import { recordingSink, testApp } from '../../support/test-app';
import { ORIGIN, oldStamp, solvedCaptcha } from './helpers';
import { expectErrorLines } from '../../support/error-guard';

const KB = 1024;
const BOUNDARY = 'budgetboundary';
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

describe('the upload budget is taken by bytes received', { skip: process.platform !== 'linux' && 'raw sockets on a real port' }, () => {
  test('an upload reserves only the bytes it has sent, and only for a form with a file field: slow posts to any form cannot keep a real CV out', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'joinus-budget-'));
    const rec = recordingSink();
    // Deadlines and the rate floor out of the way: only the budget is looked at here.
    const site = testApp({ sink: rec.sink, dataDir, uploads: { maxBytes: 1024 * KB, minFreeBytes: 0 }, bodyTimeouts: { idleMs: 60_000, totalMs: 60_000, minBytesPerSecond: 0 } });
    const server = createServer(site.app);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as { port: number };
    const sockets: Socket[] = [];
    const used = async () => Number(/^joinus_uploads_bytes (\d+)/m.exec((await request(site.app).get('/metrics')).text)?.[1]);
    try {
      // Each announces 900 KB and sends its head and 4 KB of a file: to the CV form (a file
      // field) and to the contact form (none; its file is never stored).
      let sent = 0;
      for (const form of ['vacancy-application', 'vacancy-application', 'vacancy-application', 'contact', 'contact']) {
        const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="name"\r\n\r\nNoor\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="cv"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`;
        const socket = connect(port, '127.0.0.1');
        socket.on('error', () => {});
        sockets.push(socket);
        socket.write(`POST /forms/${form} HTTP/1.1\r\nHost: localhost:3000\r\nOrigin: ${ORIGIN}\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${900 * KB}\r\n\r\n${head}`);
        socket.write(Buffer.alloc(4 * KB, 0x20));
        if (form !== 'contact') sent += 4 * KB + 9;
      }
      await new Promise((r) => setTimeout(r, 300));
      const reserved = await used();
      assert.ok(reserved > 0 && reserved <= sent, `the slow posts hold ${reserved} bytes of the budget: what the CV posts sent (${sent}), not the 4.5 MB announced`);
      // A real CV meanwhile: accepted and stored.
      await post(site.app, await solvedCaptcha(site.app), pdf(600)).expect(200);
      assert.equal(rec.saved.length, 1, 'the real CV was stored');
    } finally {
      for (const s of sockets) s.destroy();
      server.closeAllConnections();
      server.close();
    }
  });
});
