import assert from 'node:assert/strict';
import { freePort } from '../../support/spawn-server';
import { describe, test, type TestContext } from 'node:test';
import { createFormMails } from '../../../server/mail/form-mails';
import { createMailer } from '../../../server/mail/mailer';
import { openDatabase } from '../../../server/store/database';
import { assertNothingPersonal, captureLogger, clock, tempDir, VISITOR } from './helpers/setup';
import { header, startSmtp } from './helpers/smtp';
import { expectErrorLines } from '../../support/error-guard';

const FROM = 'Stichting Join Us <noreply@stichtingjoinus.nl>';

function setup(t: TestContext, smtpUrl?: string) {
  const db = openDatabase(tempDir(t));
  const { logger, lines } = captureLogger();
  const time = clock();
  const mailer = createMailer({ db, smtpUrl, from: FROM, logger, worker: { intervalMs: 3_600_000, now: time.now, random: () => 0.5 } });
  t.after(async () => {
    await mailer.stop();
    db.close();
  });
  return { mailer, lines, time };
}


const mail = { to: VISITOR.email, subject: 'We hebben je bericht ontvangen', text: `Hoi ${VISITOR.name},\n\nBedankt!\n`, kind: 'contact.confirmation' };

describe('mail over SMTP', () => {
  test('a queued mail arrives at the SMTP server with its subject and recipient', async (t) => {
    const smtp = await startSmtp();
    t.after(() => smtp.close());
    const { mailer, lines } = setup(t, smtp.url);
    const id = mailer.queue({ ...mail, replyTo: 'info@stichtingjoinus.nl' });
    assert.equal(await mailer.worker?.runOnce(), 1);
    assert.equal(smtp.received.length, 1);
    const [received] = smtp.received;
    assert.deepEqual(received?.to, [VISITOR.email]);
    assert.equal(received?.from, 'noreply@stichtingjoinus.nl');
    assert.equal(header(received?.raw ?? '', 'Subject'), mail.subject);
    assert.equal(header(received?.raw ?? '', 'Reply-To'), 'info@stichtingjoinus.nl');
    assert.equal(header(received?.raw ?? '', 'Message-ID'), `<${id}@stichtingjoinus.nl>`);
    assert.equal(mailer.outbox.get(id)?.status, 'sent');
    assert.equal(await mailer.worker?.runOnce(), 0, 'sent once');
    assert.deepEqual(lines.find((l) => l.msg === 'mail sent')?.mail, id);
    assertNothingPersonal(lines);
  });

  test('SMTP down: the mail waits, is retried later and sent once when the server is up', async (t) => {
    const port = await freePort();
    const { mailer, lines, time } = setup(t, `smtp://127.0.0.1:${port}`);
    const id = mailer.queue(mail);
    assert.equal(await mailer.worker?.runOnce(), 0);
    const waiting = mailer.outbox.get(id);
    assert.equal(waiting?.status, 'pending');
    assert.equal(waiting?.attempts, 1);
    assert.equal((waiting?.nextAttemptAt ?? 0) - time.now(), 5_000);
    assert.equal(await mailer.worker?.runOnce(), 0, 'not again before the backoff');

    const smtp = await startSmtp({ port });
    t.after(() => smtp.close());
    time.advance(5_000);
    assert.equal(await mailer.worker?.runOnce(), 1);
    time.advance(3_600_000);
    assert.equal(await mailer.worker?.runOnce(), 0);
    assert.equal(smtp.received.length, 1);
    assert.equal(mailer.outbox.get(id)?.status, 'sent');
    assert.ok(lines.some((l) => l.msg === 'mail not sent; will retry' && l.mail === id));
    assertNothingPersonal(lines);
  });

  test('a recipient the server refuses (550) is failed for good and not retried', async (t) => {
    expectErrorLines('mail refused for good; kept in the outbox');
    const smtp = await startSmtp({ rejectRecipient: /example\.org$/ });
    t.after(() => smtp.close());
    const { mailer, lines, time } = setup(t, smtp.url);
    const id = mailer.queue(mail);
    await mailer.worker?.runOnce();
    assert.equal(mailer.outbox.get(id)?.status, 'failed');
    assert.match(mailer.outbox.get(id)?.lastError ?? '', /550/);
    time.advance(86_400_000);
    assert.equal(await mailer.worker?.runOnce(), 0);
    assert.equal(smtp.received.length, 0);
    assertNothingPersonal(lines);
  });
});

describe('mail without SMTP', () => {
  test('stays in the outbox, with one log line naming kind and id only', (t) => {
    const { mailer, lines } = setup(t);
    assert.equal(mailer.worker, null);
    const id = mailer.queue(mail);
    assert.equal(mailer.outbox.get(id)?.status, 'pending');
    assert.deepEqual(mailer.outbox.get(id)?.message?.to, VISITOR.email);
    const stored = lines.filter((l) => l.msg === 'mail stored; no SMTP server configured, it waits in the outbox');
    assert.equal(stored.length, 1);
    assert.equal(stored[0]?.mail, id);
    assert.equal(stored[0]?.kind, 'contact.confirmation');
    assertNothingPersonal(lines);
    assert.ok(!JSON.stringify(lines).includes(mail.subject));
  });
});

describe('form mails', () => {
  test('notify queues the notification to the foundation and the confirmation to the visitor, once', (t) => {
    const { mailer } = setup(t);
    const forms = createFormMails({ mailer, mailTo: 'info@stichtingjoinus.nl' });
    const input = { form: 'contact', id: 'sub-1', data: { ...VISITOR }, locale: 'en' as const, confirm: true };
    forms.notify(input);
    forms.notify(input);
    const queued = mailer.outbox.list().sort((a, b) => a.kind.localeCompare(b.kind));
    assert.deepEqual(queued.map((m) => m.kind), ['contact.confirmation', 'contact.notification']);
    const [confirmation, notification] = queued;
    assert.equal(notification?.message?.to, 'info@stichtingjoinus.nl');
    assert.equal(notification?.message.replyTo, VISITOR.email);
    assert.match(notification?.message.text ?? '', /E-mailadres: sanne\.devries@example\.org/);
    assert.match(notification?.message.text ?? '', /Kenmerk: sub-1/);
    assert.match(notification?.message.text ?? '', /Taal van de bezoeker: Engels/);
    assert.equal(confirmation?.message?.to, VISITOR.email);
    assert.equal(confirmation?.message.replyTo, 'info@stichtingjoinus.nl');
    assert.match(confirmation?.message.text ?? '', /^Hi Sanne,/);
  });

  test('no confirmation when the form asks for none or there is no address', (t) => {
    const { mailer } = setup(t);
    const forms = createFormMails({ mailer, mailTo: 'info@stichtingjoinus.nl' });
    forms.notify({ form: 'contact', id: 'a', data: { ...VISITOR }, locale: 'nl', confirm: false });
    forms.notify({ form: 'start-location', id: 'b', data: { name: 'Ali' }, locale: 'nl', confirm: true });
    assert.deepEqual(mailer.outbox.list().map((m) => m.kind).sort(), ['contact.notification', 'start-location.notification']);
  });
});
