// Control characters in a form post (NUL, ESC, C1, the bidirectional overrides) never reach the
// store, the notification mail's subject or the CSV export, with JavaScript or without; a
// message keeps its line breaks, a one-line answer gets none.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import request from 'supertest';
import { openDatabase } from '../../../server/store/database';
import { toCsv } from '../../../server/store/export';
import { createSubmissionStore } from '../../../server/store/submissions';
import { createFormMails } from '../../../server/mail/form-mails';
import type { MailToQueue } from '../../../server/mail/mailer';
import type { FormSink } from '../../../server/forms/form-post';
import { testApp } from '../../support/test-app';
import { tempDir } from '../store/helpers/setup';
import { oldStamp, ORIGIN, solvedCaptcha, validContact } from './helpers';

// eslint-disable-next-line no-control-regex -- control characters are what this is about
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

const HOSTILE = {
  ...validContact,
  name: 'Sam\u0000 de \u001b[31mVries\u009b\r\nBcc: x@evil.example',
  email: 'sam@example.nl',
  message: 'Eerste regel\u0000\r\nTweede \u202Egepj.exe\u202C regel\u0007',
};

function storedSite(t: { after(fn: () => void): void }) {
  const db = openDatabase(tempDir(t));
  t.after(() => db.close());
  const store = createSubmissionStore(db);
  const mails: MailToQueue[] = [];
  const formMails = createFormMails({ mailer: { queue: (m: MailToQueue) => String(mails.push(m)) }, mailTo: 'info@example.nl' });
  const sink: FormSink = { save: (input) => store.save(input), notify: (input) => formMails.notify(input) };
  return { app: testApp({ sink }).app, store, mails };
}

describe('control characters at the form boundary', () => {
  for (const withJs of [false, true]) {
    test(`${withJs ? 'with' : 'without'} JavaScript: stored, mailed and exported as plain text`, async (t) => {
      const { app, store, mails } = storedSite(t);
      const post = request(app).post('/forms/contact').set('Origin', ORIGIN).type('form');
      if (withJs) await post.set('Accept', 'application/json').send({ ...HOSTILE, altcha: await solvedCaptcha(app) }).expect(200);
      else await post.send({ ...HOSTILE, _page: '/contact', _ts: oldStamp() }).expect(303);

      const [record] = store.list({ form: 'contact' });
      assert.ok(record);
      assert.equal(record.data.name, 'Sam de [31mVries Bcc: x@evil.example');
      assert.equal(record.data.message, 'Eerste regel\nTweede gepj.exe regel');
      for (const value of Object.values(record.data)) if (typeof value === 'string') assert.doesNotMatch(value, CONTROL);

      const notification = mails.find((m) => m.kind === 'contact.notification');
      assert.ok(notification);
      assert.doesNotMatch(notification.subject, CONTROL);
      assert.doesNotMatch(notification.subject, /[\r\n]/);
      assert.match(notification.subject, /Sam de \[31mVries/);

      assert.doesNotMatch(toCsv([record]).replace(/\r\n/g, '').replace(/\n/g, ''), CONTROL);
    });
  }
});
