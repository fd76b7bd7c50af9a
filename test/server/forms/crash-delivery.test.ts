// The promise of the forms, tested on the built server as it runs in production: once the
// visitor hears "sent", the submission survives a SIGKILL and an outage of the content
// service, is delivered exactly once when both are back, and its mails arrive over SMTP.
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { header, startSmtp } from '../store/helpers/smtp';
import { fakeCollection } from '../../support/fake-collection';
import { startFakeContentService } from '../../support/fake-content-service';
import { spawnServer } from '../../support/spawn-server';
import { until } from '../../support/until';

const startServer = (env: Record<string, string>) => spawnServer({ FORM_SECRET: 'crash-test-secret-0123456789abcd', ...env });

test('"sent", then SIGKILL while the content service is down: delivered exactly once after restart, mails arrive', async (t) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'joinus-crash-'));
  const content = fakeCollection('contact-submissions');
  const service = await startFakeContentService(content.answer);
  const smtp = await startSmtp();
  t.after(() => Promise.all([service.down(), smtp.close()]));
  content.mode = 'error';
  // The first run has no SMTP either: its mails must wait in the store as well.
  const env = { STRAPI_URL: service.url, DATA_DIR: dataDir, MAIL_TO: 'team@joinus.test' };
  let server = await startServer(env);
  try {
    const challenge = (await (await fetch(`${server.url}/api/captcha/challenge`)).json()) as Challenge;
    const solution = await solveChallenge({ challenge, deriveKey });
    const body = new URLSearchParams({
      name: 'Sam de Vries', email: 'sam@example.nl', message: 'Mag ik meedoen?', privacy: 'on',
      altcha: Buffer.from(JSON.stringify({ challenge, solution })).toString('base64'),
    });
    const res = await fetch(`${server.url}/forms/contact`, { method: 'POST', body, headers: { Origin: server.url, Accept: 'application/json' } });
    assert.equal(res.status, 200);
    assert.equal(((await res.json()) as { ok: boolean }).ok, true);
    server.child.kill('SIGKILL');
    assert.equal(content.records.length, 0, 'the content service was down: nothing delivered yet');

    content.mode = 'up';
    server = await startServer({ ...env, SMTP_URL: smtp.url });
    assert.ok(await until(() => content.records.length === 1, 30_000), `delivered after the restart (posts ${content.posts}, lookups ${content.gets})`);
    await new Promise((r) => setTimeout(r, 1500));
    assert.equal(content.records.length, 1, 'exactly once');
    assert.equal(content.records[0]!.data.email, 'sam@example.nl');
    assert.equal(typeof content.records[0]!.data.submissionId, 'string');

    assert.ok(await until(() => smtp.received.length >= 2, 20_000), 'notification and confirmation mailed');
    const to = smtp.received.map((m) => m.to.join(','));
    assert.ok(to.includes('team@joinus.test'), 'the foundation is notified');
    assert.ok(to.includes('sam@example.nl'), 'the visitor gets a confirmation');
    assert.ok(smtp.received.every((m) => header(m.raw, 'Subject')), 'mails have a subject');
  } finally {
    server.child.kill('SIGTERM');
  }
});
