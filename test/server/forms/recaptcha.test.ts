// reCAPTCHA v3 verification against a real HTTP server standing in for Google's siteverify.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import { verifyRecaptcha } from '../../../server/forms/recaptcha';

test('a token counts only with success, enough score, the right action and hostname', async () => {
  let answer: Record<string, unknown> = {};
  const seen: string[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push(body);
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const settings = { siteKey: 'site', secret: 's3cret', minScore: 0.5, verifyUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/siteverify` };
  const expect = { action: 'contact', hostname: 'www.stichtingjoinus.nl' };
  const cases: Array<[Record<string, unknown>, boolean]> = [
    [{ success: true, score: 0.9, action: 'contact', hostname: 'www.stichtingjoinus.nl' }, true],
    [{ success: true, score: 0.5, action: 'contact', hostname: 'www.stichtingjoinus.nl' }, true],
    [{ success: true, score: 0.3, action: 'contact', hostname: 'www.stichtingjoinus.nl' }, false],
    [{ success: true, score: 0.9, action: 'donation', hostname: 'www.stichtingjoinus.nl' }, false],
    [{ success: true, score: 0.9, action: 'contact', hostname: 'evil.example' }, false],
    [{ success: false, 'error-codes': ['invalid-input-response'] }, false],
  ];
  try {
    for (const [reply, ok] of cases) {
      answer = reply;
      assert.equal(await verifyRecaptcha(settings, 'token-1', expect), ok, JSON.stringify(reply));
    }
    assert.match(seen[0]!, /secret=s3cret&response=token-1/);
  } finally {
    server.close();
  }
});
