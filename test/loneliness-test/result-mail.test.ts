import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createResultMails, RESULT_MAIL_KIND, resultMail } from '../../server/mail/result-mail';
import { scoreTest } from '../../src/loneliness-test/score';
import type { Answer } from '../../src/loneliness-test/items';

const all = (a: Answer): Answer[] => Array.from({ length: 11 }, () => a);

test('the result mail: score, band, disclaimer and help; De Kindertelefoon only under 18', () => {
  const score = scoreTest(all('min-of-meer'));
  const young = resultMail({ locale: 'nl', score, age: 15 });
  assert.match(young.text, /11 van de 11/);
  assert.match(young.text, /indicatie, geen diagnose/);
  assert.match(young.text, /Kindertelefoon/);
  assert.match(young.text, /113/);
  assert.match(young.text, /huisarts/);
  // The highest bands put help first.
  assert.ok(young.text.indexOf('113') < young.text.indexOf('Je score'));
  const older = resultMail({ locale: 'en', score, age: 22 });
  assert.doesNotMatch(older.text, /Kindertelefoon/);
  assert.equal(older.subject, 'Your test result');
});

test('the result mail is queued to the visitor only, tied to no stored submission', () => {
  const queued: Array<Record<string, unknown>> = [];
  createResultMails({ queue: (m) => (queued.push(m), 'id') }).mailResult({ to: 'noor@example.nl', locale: 'nl', score: scoreTest(all('nee')), age: 20 });
  assert.equal(queued.length, 1);
  assert.equal(queued[0]!.to, 'noor@example.nl');
  assert.equal(queued[0]!.kind, RESULT_MAIL_KIND);
  assert.equal(queued[0]!.submissionId, undefined);
  assert.equal(queued[0]!.replyTo, undefined);
});
