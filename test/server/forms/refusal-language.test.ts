// A refused post speaks the visitor's language: the form's `_locale`, or the English page it
// came from; Dutch otherwise. The error page for a crash under /en is English too.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import request from 'supertest';
import { staticErrorDocument } from '../../../server/pages/error-document';
import { testApp } from '../../support/test-app';
import { ORIGIN, validContact } from './helpers';

describe('refusals in the visitor language', () => {
  test('a post from another site: Dutch by default, English from an English page', async () => {
    const { app } = testApp();
    const nl = await request(app).post('/forms/contact').set('Origin', 'https://evil.example').type('form').send(validContact).expect(403);
    assert.match(nl.text, /<html lang="nl">/);
    assert.match(nl.text, /Niet verstuurd/);
    assert.match(nl.text, /Ga terug naar het formulier/);
    const en = await request(app).post('/forms/contact').set('Origin', 'https://evil.example').set('Referer', `${ORIGIN}/en/contact`).type('form').send(validContact).expect(403);
    assert.match(en.text, /<html lang="en">/);
    assert.match(en.text, /Not sent/);
    assert.match(en.text, /This form did not come from our website/);
    assert.match(en.text, /href="\/en"/);
  });

  test("a bot check that fails answers in the form's own language (JSON)", async () => {
    const { app } = testApp();
    const nl = await request(app).post('/forms/contact').set('Origin', ORIGIN).set('Accept', 'application/json').type('form').send({ ...validContact, website: 'spam' }).expect(400);
    assert.match(nl.body.message, /^We konden niet controleren/);
    const en = await request(app).post('/forms/contact').set('Origin', ORIGIN).set('Accept', 'application/json').type('form').send({ ...validContact, website: 'spam', _locale: 'en' }).expect(400);
    assert.match(en.body.message, /^We could not check that you are not a robot/);
  });

  test('the static error page in both languages', () => {
    assert.match(staticErrorDocument([], 'nl'), /<title>Er ging iets mis \| Join Us<\/title>/);
    const en = staticErrorDocument([], 'en');
    assert.match(en, /<html lang="en">/);
    assert.match(en, /<title>Something went wrong \| Join Us<\/title>/);
    assert.match(en, /<form action="\/en" method="get">/);
  });
});
