// The loneliness test's result mail on the built server: posted with JavaScript (ALTCHA), it
// arrives at a real SMTP server, to the visitor only; without consent nothing is stored and the
// address is in no stored record.
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import Database from 'better-sqlite3';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { header, startSmtp } from '../../server/store/helpers/smtp';
import { spawnServer } from '../../support/spawn-server';
import { until } from '../../support/until';

test('the result mail arrives over SMTP to the visitor only; nothing stored without consent', async (t) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'joinus-test-mail-'));
  const smtp = await startSmtp();
  // Closed even when the server never starts, so a failed start fails the test instead of hanging the suite.
  t.after(() => smtp.close());
  const server = await spawnServer({ FORM_SECRET: 'test-mail-secret-0123456789abcdef', DATA_DIR: dataDir, MAIL_TO: 'team@joinus.test', SMTP_URL: smtp.url });
  t.after(() => void server.child.kill('SIGTERM'));
  const challenge = (await (await fetch(`${server.url}/api/captcha/challenge`)).json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  const body = new URLSearchParams({ postcode: '4001 AA', age: '16', email: 'noor@example.nl', _locale: 'nl', altcha: Buffer.from(JSON.stringify({ challenge, solution })).toString('base64') });
  for (let i = 1; i <= 11; i++) body.set(`q${i}`, 'min-of-meer');
  const res = await fetch(`${server.url}/forms/loneliness-test`, { method: 'POST', body, headers: { Origin: server.url, Accept: 'application/json' } });
  assert.equal(res.status, 200);
  const json = (await res.json()) as { ok: boolean; stored: boolean; mailed: boolean; score: { total: number; band: string } };
  assert.deepEqual({ ok: json.ok, stored: json.stored, mailed: json.mailed, total: json.score.total, band: json.score.band }, { ok: true, stored: false, mailed: true, total: 11, band: 'very-severely-lonely' });

  assert.ok(await until(() => smtp.received.length >= 1, 20_000), 'the result mail arrives');
  await new Promise((r) => setTimeout(r, 500));
  assert.equal(smtp.received.length, 1, 'one mail, to the visitor; the foundation gets none');
  const mail = smtp.received[0]!;
  assert.deepEqual(mail.to, ['noor@example.nl']);
  assert.equal(header(mail.raw, 'Subject'), 'Je uitslag van de test');
  assert.match(mail.raw, /Kindertelefoon/);
  // The content's advice for the band and its disclaimer (soft line breaks of quoted-printable undone).
  const text = mail.raw.replace(/=\r?\n/g, '');
  assert.match(text, /Je voelt je heel erg eenzaam/);
  assert.match(text, /indicatie, geen diagnose\. De test gebruikt de eenzaamheidsschaal/);

  const db = new Database(path.join(dataDir, 'joinus.sqlite'), { readonly: true });
  try {
    assert.equal((db.prepare('SELECT COUNT(*) AS n FROM submissions').get() as { n: number }).n, 0, 'nothing stored without consent');
  } finally {
    db.close();
  }
});
