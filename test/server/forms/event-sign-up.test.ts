// The class: a form on an event's page is a sign-up for that event. The contact form there
// carries the hidden context `event:{slug}`, asks the message as an optional remark, is stored
// with `about: event:{slug}` and the event's name, and its mails name the event; the server
// looks the event up itself, and refuses a sign-up for an event that is over or does not exist
// with the form again, its answers kept. On the contact page the form is a message, as before.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import request from 'supertest';
import { createFormMails } from '../../../server/mail/form-mails';
import type { MailToQueue } from '../../../server/mail/mailer';
import { recordingSink, testApp } from '../../support/test-app';
import { oldStamp, ORIGIN, solvedCaptcha } from './helpers';

// The embedded Stronger Together 2027 is still to come; the 2025 edition ended in November 2025.
const EVENT = '/stronger-together-2027';
const CONTEXT = 'event:stronger-together-2027';
/** What the page's intro asks: name, organisation, email address; no message. */
const signUp = { name: 'Fatima El Amrani', organisation: 'Het Lyceum Tiel', email: 'fatima@example.nl', privacy: 'on' };

const asJson = (app: Parameters<typeof request>[0], fields: Record<string, string>) =>
  request(app).post('/forms/contact').set('Origin', ORIGIN).set('Accept', 'application/json').type('form').send(fields);
const withoutScript = (app: Parameters<typeof request>[0], fields: Record<string, string>) =>
  request(app).post('/forms/contact').set('Origin', ORIGIN).type('form').send({ ...fields, _ts: oldStamp() });

/** The contact form's part of a page: from its wrapper to the end of the form. */
const formOf = (html: string) => html.slice(html.indexOf('id="formulier-contact'), html.indexOf('</form>', html.indexOf('id="formulier-contact')));

describe("a form on an event's page is a sign-up for that event", () => {
  test('the page: the hidden context names the event, the message is an optional remark (nl and en); the contact page asks a message', async () => {
    const { app } = testApp();
    const nl = formOf((await request(app).get(EVENT).expect(200)).text);
    assert.match(nl, /name="context" value="event:stronger-together-2027"/);
    assert.match(nl, /for="contact-message">Opmerking<span class="form-optional"> (?:<!-- -->)?\(niet verplicht\)<\/span><\/label><textarea id="contact-message" name="message" rows/);
    assert.doesNotMatch(nl, /Je bericht/);
    const en = formOf((await request(app).get(`/en${EVENT}`).expect(200)).text);
    assert.match(en, /name="context" value="event:stronger-together-2027"/);
    assert.match(en, /for="contact-message">Remarks<span class="form-optional"> (?:<!-- -->)?\(optional\)<\/span><\/label>/);
    const contact = formOf((await request(app).get('/contact').expect(200)).text);
    assert.doesNotMatch(contact, /name="context"/);
    assert.match(contact, /for="contact-message">Je bericht<\/label><textarea id="contact-message" name="message" aria-required="true"/);
  });

  test('with JavaScript: without a message it is stored with about event:{slug} and the event by name', async () => {
    const rec = recordingSink();
    const { app } = testApp({ sink: rec.sink });
    const res = await asJson(app, { ...signUp, context: CONTEXT, _page: EVENT, altcha: await solvedCaptcha(app) }).expect(200);
    assert.equal(res.body.ok, true);
    assert.equal(rec.saved.length, 1);
    const { collection, data } = rec.saved[0]!;
    assert.equal(collection, 'contact-submissions');
    assert.deepEqual(data, { ...signUp, privacy: true, event: 'Stronger Together 2027', about: CONTEXT });
  });

  test('without JavaScript: stored, and back on the event page its block shows its own success text', async () => {
    const rec = recordingSink();
    const { app } = testApp({ sink: rec.sink });
    const res = await withoutScript(app, { ...signUp, context: CONTEXT, _page: EVENT }).expect(303);
    assert.equal(res.headers.location, `${EVENT}?verzonden=contact#formulier-contact`);
    assert.equal(rec.saved[0]?.data.about, CONTEXT);
    const page = await request(app).get(`${EVENT}?verzonden=contact`).expect(200);
    assert.match(page.text, /class="form-success"/);
    assert.match(page.text, /Je bent aangemeld/);
  });

  test('the same post on the contact page, without the context, is a message: "message missing", nothing stored', async () => {
    const rec = recordingSink();
    const { app } = testApp({ sink: rec.sink });
    const json = await asJson(app, { ...signUp, _page: '/contact', altcha: await solvedCaptcha(app) }).expect(422);
    assert.equal(json.body.errors.message, 'Je hebt geen bericht ingevuld.');
    const page = await withoutScript(app, { ...signUp, _page: '/contact' }).expect(422);
    assert.match(page.text, /Je hebt geen bericht ingevuld\./);
    assert.match(page.text, /value="Fatima El Amrani"/);
    // A name posted as the event's does not make it a sign-up.
    await asJson(app, { ...signUp, event: 'Stronger Together 2027', _page: '/contact', altcha: await solvedCaptcha(app) }).expect(422);
    assert.equal(rec.saved.length, 0);
  });

  test('a forged context for an event that does not exist: refused with a clear message, the answers kept, nothing stored', async () => {
    const rec = recordingSink();
    const { app } = testApp({ sink: rec.sink });
    for (const context of ['event:bestaat-niet', 'event:Not A Slug']) {
      const json = await asJson(app, { ...signUp, context, _page: EVENT, altcha: await solvedCaptcha(app) }).expect(422);
      assert.deepEqual(json.body, { ok: false, message: 'We kunnen dit event niet vinden, dus aanmelden kan niet. Heb je een vraag? Neem dan contact met ons op.', errors: {}, formErrors: [] });
    }
    const page = await withoutScript(app, { ...signUp, message: 'Ik kom met twee collega’s.', context: 'event:bestaat-niet', _page: EVENT }).expect(422);
    const form = formOf(page.text);
    assert.match(form, /We kunnen dit event niet vinden, dus aanmelden kan niet\./);
    assert.match(form, /value="Fatima El Amrani"/);
    assert.match(form, /value="Het Lyceum Tiel"/);
    assert.match(form, /Ik kom met twee collega’s\./);
    assert.match(page.text, /<title>Niet verstuurd/);
    assert.equal(rec.saved.length, 0);
  });

  test('a context for an event that is over, sent from another page: refused ("Dit event is geweest") with the answers kept, nothing stored', async () => {
    const rec = recordingSink();
    const { app } = testApp({ sink: rec.sink });
    const past = 'event:stronger-together-2025';
    const json = await asJson(app, { ...signUp, context: past, _page: EVENT, altcha: await solvedCaptcha(app) }).expect(410);
    assert.equal(json.body.message, 'Dit event is geweest: aanmelden kan niet meer.');
    const page = await withoutScript(app, { ...signUp, message: 'Een vraag over het programma.', context: past, _page: '/contact' }).expect(410);
    const form = formOf(page.text);
    assert.match(form, /Dit event is geweest: aanmelden kan niet meer\./);
    assert.match(form, /value="fatima@example.nl"/);
    assert.match(form, /Een vraag over het programma\./);
    assert.equal(rec.saved.length, 0);
  });

  test('in English: stored from the English page; a refusal in English', async () => {
    const rec = recordingSink();
    const { app } = testApp({ sink: rec.sink });
    await asJson(app, { ...signUp, context: CONTEXT, _page: `/en${EVENT}`, _locale: 'en', altcha: await solvedCaptcha(app) }).expect(200);
    assert.equal(rec.saved[0]?.data.about, CONTEXT);
    assert.equal(rec.saved[0]?.data.event, 'Stronger Together 2027');
    assert.equal(rec.notified[0]?.locale, 'en');
    const unknown = await asJson(app, { ...signUp, context: 'event:bestaat-niet', _page: `/en${EVENT}`, _locale: 'en', altcha: await solvedCaptcha(app) }).expect(422);
    assert.equal(unknown.body.message, 'We cannot find this event, so signing up is not possible. Do you have a question? Then please contact us.');
    const past = await withoutScript(app, { ...signUp, context: 'event:stronger-together-2025', _page: `/en${EVENT}`, _locale: 'en' }).expect(410);
    assert.match(formOf(past.text), /This event has taken place: signing up is closed\./);
    const missing = await asJson(app, { ...signUp, _page: '/en/contact', _locale: 'en', altcha: await solvedCaptcha(app) }).expect(422);
    assert.equal(missing.body.errors.message, 'You have not written a message.');
    assert.equal(rec.saved.length, 1);
  });

  test("the mails say it is a sign-up for the event by name: the staff's notification and the visitor's confirmation", async () => {
    const rec = recordingSink();
    const { app } = testApp({ sink: rec.sink });
    await asJson(app, { ...signUp, context: CONTEXT, _page: EVENT, altcha: await solvedCaptcha(app) }).expect(200);
    await asJson(app, { ...signUp, message: 'Een vraag.', _page: '/contact', altcha: await solvedCaptcha(app) }).expect(200);
    const queued: MailToQueue[] = [];
    const mails = createFormMails({ mailer: { queue: (mail) => String(queued.push(mail)) }, mailTo: 'info@stichtingjoinus.nl' });
    for (const input of rec.notified) mails.notify(input);
    const [notification, confirmation, messageNotification, messageConfirmation] = queued;
    assert.equal(notification?.subject, '[Website] Aanmelding Stronger Together 2027 van Fatima El Amrani');
    assert.match(notification?.text ?? '', /^Via de website kwam een nieuwe aanmelding voor het event Stronger Together 2027 binnen\.\n\nEvent: Stronger Together 2027\nNaam: Fatima El Amrani\nOrganisatie: Het Lyceum Tiel\n/);
    assert.equal(confirmation?.to, 'fatima@example.nl');
    assert.equal(confirmation?.subject, 'Je bent aangemeld voor Stronger Together 2027 | Stichting Join Us');
    assert.match(confirmation?.text ?? '', /Bedankt voor je aanmelding voor Stronger Together 2027!/);
    // The contact page's message keeps its own words.
    assert.equal(messageNotification?.subject, '[Website] Contactformulier van Fatima El Amrani');
    assert.equal(messageConfirmation?.subject, 'We hebben je bericht ontvangen | Stichting Join Us');
  });
});
