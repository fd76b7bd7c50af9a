import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import request from 'supertest';
import { recordingSink, testApp } from '../../support/test-app';
import { ORIGIN, solvedCaptcha } from './helpers';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000a49444154789c6300010000050001', 'hex');
const fields = { name: 'Noor Jansen', email: 'noor@example.nl', phone: '0612345678', privacy: 'on' };

function post(app: Parameters<typeof request>[0], altcha: string) {
  const req = request(app).post('/forms/vacancy-application').set('Origin', ORIGIN).set('Accept', 'application/json').field('altcha', altcha);
  for (const [k, v] of Object.entries(fields)) req.field(k, v);
  return req;
}

describe('vacancy application uploads', () => {
  test('a CV and a text motivation are streamed to disk and stored with the submission', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'joinus-upload-'));
    const rec = recordingSink();
    const { app } = testApp({ sink: rec.sink, dataDir });
    const res = await post(app, await solvedCaptcha(app))
      .attach('cv', PDF, { filename: 'cv.pdf', contentType: 'application/pdf' })
      .attach('motivation', Buffer.from('Ik wil graag bij jullie werken.\n'), { filename: 'motivatie.txt', contentType: 'text/plain' })
      .expect(200);
    assert.equal(res.body.ok, true);
    const files = rec.saved[0]!.files;
    assert.deepEqual(files.map((f) => [f.field, f.mime]), [['cv', 'application/pdf'], ['motivation', 'text/plain']]);
    assert.deepEqual(readFileSync(files[0]!.path), PDF);
  });

  test('a file whose content is not an allowed type is refused, whatever its name, and not kept', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'joinus-upload-'));
    const rec = recordingSink();
    const { app } = testApp({ sink: rec.sink, dataDir });
    const res = await post(app, await solvedCaptcha(app)).attach('cv', PNG, { filename: 'cv.pdf', contentType: 'application/pdf' }).expect(422);
    assert.match(res.body.errors.cv, /soort bestand|type/i);
    assert.equal(rec.saved.length, 0);
    const uploads = path.join(dataDir, 'uploads');
    assert.deepEqual(existsSync(uploads) ? readdirSync(uploads) : [], [], 'nothing half-stored');
  });

  test('a missing CV gets the spec message', async () => {
    const { app } = testApp();
    const res = await post(app, await solvedCaptcha(app)).expect(422);
    assert.equal(res.body.errors.cv, 'Je hebt geen cv toegevoegd.');
  });
});
