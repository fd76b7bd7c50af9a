import assert from 'node:assert/strict';
import { test } from 'node:test';
import { RESULT_MAIL_KIND, resultMail, resultMailToQueue } from '../../../server/features/loneliness-test/result-mail';
import { scoreTest } from '../../../src/features/loneliness-test/rules/score';
import type { Answer } from '../../../src/features/loneliness-test/rules/items';

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
  const queued: Array<Record<string, unknown>> = [resultMailToQueue({ to: 'noor@example.nl', locale: 'nl', score: scoreTest(all('nee')), age: 20 })];
  assert.equal(queued.length, 1);
  assert.equal(queued[0]!.to, 'noor@example.nl');
  assert.equal(queued[0]!.kind, RESULT_MAIL_KIND);
  assert.equal(queued[0]!.submissionId, undefined);
  assert.equal(queued[0]!.replyTo, undefined);
});

const CONTENT = {
  advice: [
    { band: 'not-lonely' as const, title: 'Je voelt je niet eenzaam', body: 'Fijn! Je hebt mensen om je heen.' },
    { band: 'moderately-lonely' as const, title: 'Je voelt je soms eenzaam', body: 'Kleine stappen helpen. Bekijk onze [tips](/tips) of **kom kijken** bij een groep.\n\n- Stuur iemand een berichtje' },
    { band: 'severely-lonely' as const, title: 'Je voelt je erg eenzaam', body: 'Praat erover met iemand die je vertrouwt.' },
    { band: 'very-severely-lonely' as const, title: 'Je voelt je heel erg eenzaam', body: 'Wacht niet te lang met hulp vragen.' },
  ],
  disclaimer: 'Deze uitslag is een *indicatie*, geen diagnose. Alleen jij weet hoe je je voelt.',
  helpTitle: 'Hulp van de redactie',
  helpIntro: 'Praten helpt. Deze hulp is **gratis**.',
  helpLines: [
    { name: 'Jongerenlijn', description: 'Voor jongeren.', phone: '0800-1234', url: 'https://jongerenlijn.example', audience: 'tot 18 jaar', maxAge: 17 },
    { name: '113 Zelfmoordpreventie', description: 'Dag en nacht.', phone: '113', url: 'https://www.113.nl', audience: null, maxAge: null },
  ],
};

test('with the content: its advice for the band as plain text (links absolute), its disclaimer and help lines by age', () => {
  const score = scoreTest([...all('nee').slice(0, 6), ...all('ja').slice(0, 5)]);
  assert.equal(score.band, 'moderately-lonely');
  const mail = resultMail({ locale: 'nl', score, age: 16, siteUrl: 'https://joinus.example', content: CONTENT });
  assert.match(mail.text, /Je voelt je soms eenzaam\n\nKleine stappen helpen\. Bekijk onze tips \(https:\/\/joinus\.example\/tips\) of kom kijken bij een groep\.\n\n- Stuur iemand een berichtje/);
  assert.doesNotMatch(mail.text, /\*\*|\[tips\]|Je voelt je erg eenzaam/);
  assert.match(mail.text, /Deze uitslag is een indicatie, geen diagnose\. Alleen jij weet hoe je je voelt\./);
  assert.match(mail.text, /Hulp van de redactie:\nPraten helpt\. Deze hulp is gratis\.\n- Jongerenlijn \(tot 18 jaar\): Voor jongeren\. Bel 0800-1234\. https:\/\/jongerenlijn\.example\n- 113 Zelfmoordpreventie: Dag en nacht\. Bel 113\. https:\/\/www\.113\.nl/);
  // Not the built-in texts when the content has its own.
  assert.doesNotMatch(mail.text, /Kindertelefoon|huisarts|Hier kun je nu terecht/);
  // Lower bands: the result first, then the advice, the disclaimer, and help.
  assert.ok(mail.text.indexOf('Je score') < mail.text.indexOf('Kleine stappen') && mail.text.indexOf('Kleine stappen') < mail.text.indexOf('Hulp van de redactie'));
  // At 18 the line for under 18 is left out.
  assert.doesNotMatch(resultMail({ locale: 'nl', score, age: 18, content: CONTENT }).text, /Jongerenlijn/);
});

test('with the content, the highest bands: help first, then the score and the advice for that band', () => {
  const mail = resultMail({ locale: 'nl', score: scoreTest(all('min-of-meer')), age: 20, content: CONTENT });
  assert.ok(mail.text.indexOf('Hulp van de redactie') < mail.text.indexOf('Je score'));
  assert.ok(mail.text.indexOf('Je score') < mail.text.indexOf('Wacht niet te lang met hulp vragen.'));
});

test('without the content: the built-in help lines and the indication line, no advice of any band', () => {
  const mail = resultMail({ locale: 'en', score: scoreTest(all('min-of-meer')), age: 15 });
  assert.match(mail.text, /Where to get help now:\n- De Kindertelefoon \(under 18\): .*Call 0800-0432\. https:\/\/www\.kindertelefoon\.nl/);
  assert.match(mail.text, /This result is an indication, not a diagnosis\./);
  assert.match(mail.text, /- Your GP \(for everyone\): To talk about how you are doing/);
  assert.doesNotMatch(mail.text, /Je voelt je/);
});
