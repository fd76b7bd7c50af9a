import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { startOutbox } from '../../../server/store/outbox';
import { fakeCollection } from '../../support/fake-collection';
import { startFakeContentService } from '../../support/fake-content-service';
import { assertNothingPersonal, captureLogger, contentClient, tempDir, VISITOR } from './helpers/setup';
import { startSmtp } from './helpers/smtp';

/** Polls for what the workers do on their own (no fixed wait): up to 20 s on a busy machine. */
const until = async (check: () => boolean, ms = 20_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe('startOutbox', () => {
  test('with a content service and SMTP: a saved submission and its mails go out without waiting for a tick', async (t) => {
    const collection = fakeCollection('contact-submissions');
    const service = await startFakeContentService(collection.answer);
    const smtp = await startSmtp();
    t.after(() => Promise.all([service.down(), smtp.close()]));
    const { logger, lines } = captureLogger();
    const outbox = startOutbox({
      dataDir: tempDir(t),
      client: contentClient(service.url, logger, 2000),
      contentConfigured: true,
      smtpUrl: smtp.url,
      mailFrom: 'Stichting Join Us <noreply@stichtingjoinus.nl>',
      mailTo: 'info@stichtingjoinus.nl',
      logger,
      delivery: { intervalMs: 3_600_000 },
    });
    t.after(() => outbox.stop());

    const saved = outbox.sink.save({ form: 'contact', collection: 'contact-submissions', data: { ...VISITOR }, files: [], idempotencyKey: 'sid-abcdefgh' });
    outbox.sink.notify({ form: 'contact', id: saved.id, data: { ...VISITOR }, locale: 'nl', confirm: true });
    assert.deepEqual(outbox.sink.save({ form: 'contact', collection: 'contact-submissions', data: { ...VISITOR }, idempotencyKey: 'sid-abcdefgh' }), { id: saved.id, duplicate: true });

    await until(() => outbox.submissions.get(saved.id)?.status === 'delivered' && smtp.received.length === 2);
    assert.equal(collection.records.length, 1);
    assert.deepEqual(smtp.received.map((m) => m.to[0]).sort(), ['info@stichtingjoinus.nl', VISITOR.email]);
    assert.equal(lines.find((l) => l.msg === 'outbox ready')?.delivery, 'content service');
    assertNothingPersonal(lines);
  });

  test('with the embedded content and no SMTP: everything waits in the store; stop closes the file', async (t) => {
    const { logger, lines } = captureLogger();
    const outbox = startOutbox({
      dataDir: tempDir(t),
      client: contentClient('http://127.0.0.1:9', logger),
      contentConfigured: false,
      mailFrom: 'Stichting Join Us <noreply@stichtingjoinus.nl>',
      mailTo: 'info@stichtingjoinus.nl',
      logger,
    });
    assert.equal(outbox.delivery, null);
    assert.equal(outbox.mailer.worker, null);
    const { id } = outbox.sink.save({ form: 'contact', collection: 'contact-submissions', data: { ...VISITOR } });
    outbox.sink.notify({ form: 'contact', id, data: { ...VISITOR }, locale: 'nl', confirm: true });
    assert.deepEqual(outbox.submissions.counts(), { pending: 1, delivered: 0, failed: 0 });
    assert.deepEqual(outbox.mailer.outbox.counts(), { pending: 2, sent: 0, failed: 0 });
    assert.equal(lines.filter((l) => l.msg === 'mail stored; no SMTP server configured, it waits in the outbox').length, 2);
    await outbox.stop();
    await outbox.stop();
    assert.equal(outbox.db.open, false);
    assertNothingPersonal(lines);
  });
});
