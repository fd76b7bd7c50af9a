// A client's mistake is logged as such: no error line and no stack for a 4xx (an attacker's
// fuzzing must not bury real failures); a failure of ours is an error with its stack.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import request from 'supertest';
import type { FormSink } from '../../../server/forms/form-post';
import { oldStamp, ORIGIN, validContact } from '../forms/helpers';
import { testApp, type LogLine } from '../../support/test-app';
import { expectErrorLines } from '../../support/error-guard';

const ERROR = 50;
const hasStack = (line: LogLine) => JSON.stringify(line).includes('"stack"');

describe('error logging', () => {
  const { app, logs } = testApp();
  const clientErrors: Array<[string, number, () => request.Test]> = [
    ['a urlencoded body over its limit', 413, () => request(app).post('/forms/contact').set('Origin', ORIGIN).type('form').send(`message=${'x'.repeat(200_000)}`)],
    ['an unknown charset', 415, () => request(app).post('/forms/contact').set('Origin', ORIGIN).set('Content-Type', 'application/x-www-form-urlencoded; charset=klingon').send('a=b')],
    ['a body that is not the gzip it claims', 400, () => request(app).post('/forms/contact').set('Origin', ORIGIN).set('Content-Encoding', 'gzip').type('form').send('a=b')],
    ['too many parameters', 413, () => request(app).post('/forms/contact').set('Origin', ORIGIN).type('form').send(Array.from({ length: 300 }, (_, i) => `a${i}=1`).join('&'))],
    ['a malformed multipart body', 400, () => request(app).post('/forms/contact').set('Origin', ORIGIN).set('Content-Type', 'multipart/form-data; boundary=zz').send(`--zz\r\n${'X'.repeat(20_000)}\r\n\r\nv\r\n--zz--\r\n`)],
    ['a missing build asset', 404, () => request(app).get('/assets/nope.js')],
  ];
  for (const [what, status, send] of clientErrors) {
    test(`${what} (${status}) is logged below error level and without a stack`, async () => {
      const from = logs.length;
      await send().expect(status);
      const lines = logs.slice(from);
      assert.deepEqual(lines.filter((l) => (l.level ?? 0) >= ERROR).map((l) => l.msg), [], 'no error lines');
      assert.deepEqual(lines.filter(hasStack).map((l) => l.msg), [], 'no stacks');
      const refused = lines.find((l) => l.msg === 'request refused');
      if (refused) assert.equal((refused as { status?: number }).status, status);
    });
  }

  test('a failure of ours (500) stays an error with its stack', async () => {
    expectErrorLines('request failed (disk is gone)', 'request errored (failed with status code 500)');
    const broken: FormSink = {
      save() {
        throw new Error('disk is gone');
      },
      notify() {},
    };
    const site = testApp({ sink: broken });
    await request(site.app).post('/forms/contact').set('Origin', ORIGIN).type('form').send({ ...validContact, _page: '/contact', _ts: oldStamp() }).expect(500);
    const line = site.logs.find((l) => l.msg === 'request failed');
    assert.equal(line?.level, ERROR);
    assert.match(String((line?.err as { stack?: string } | undefined)?.stack), /disk is gone\n\s+at /);
  });
});
