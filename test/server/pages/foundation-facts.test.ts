// Contact and ANBI facts on the site's pages come from the global settings: with the embedded
// content (which knows only the foundation's name and mail) no page shows a phone number or a
// postal address and /anbi claims no details it does not show; with every fact entered in the
// content service, each line shows in the footer, on /contact and on /anbi.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import request from 'supertest';
import { snapshotResponder, startFakeContentService, type Responder } from '../../support/fake-content-service';
import { testApp } from '../../support/test-app';

const INVENTED = /0344|344 123 456|Postbus 1000|4000 BA/;
const FILLED = {
  phone: '0345 67 89 10',
  address: 'Stichting Join Us\nPostbus 12\n4000 AA Tiel',
  rsin: '123456782',
  kvk: '87654321',
  board: [{ id: 1, name: 'Anna de Vries', role: 'voorzitter' }, { id: 2, name: 'Bram Jansen', role: 'penningmeester' }],
  policyPlanUrl: '/uploads/beleidsplan.pdf',
};

/** The committed snapshot as Strapi answers it, with the global settings filled in. */
function withFacts(): Responder {
  const snapshot = snapshotResponder();
  return async (req, incoming) => {
    const reply = await snapshot(req, incoming);
    const body = reply.json as { data?: Record<string, unknown> } | undefined;
    if (req.path === '/api/global' && body?.data) return { ...reply, json: { ...body, data: { ...body.data, ...FILLED } } };
    return reply;
  };
}

test('embedded content: no invented phone or address in the footer, on /contact, /anbi or anywhere else', async () => {
  const { app } = testApp();
  for (const path of ['/', '/contact', '/anbi', '/privacy-policy', '/doneren', '/en', '/en/contact']) {
    const res = await request(app).get(path).expect(200);
    assert.doesNotMatch(res.text, INVENTED, path);
    assert.doesNotMatch(res.text, /Bel ons|Call us/, path);
    assert.match(res.text, /href="mailto:info@stichtingjoinus.nl"/, path);
  }
});

test('embedded content: /anbi does not announce the details it lacks, and says honestly that they are missing', async () => {
  const { app } = testApp();
  const res = await request(app).get('/anbi').expect(200);
  assert.doesNotMatch(res.text, /Hieronder staan de gegevens/);
  assert.match(res.text, /Nog niet alle gegevens die een ANBI publiceert staan op deze pagina\./);
  assert.match(res.text, /<dt>Naam<\/dt><dd>Stichting Join Us<\/dd>/);
  assert.doesNotMatch(res.text, /<dt>(RSIN|Bestuur|KvK-nummer)/);
});

test('global settings filled in: each line shows in the footer, on /contact and on /anbi', async (t) => {
  const strapi = await startFakeContentService(withFacts());
  t.after(() => strapi.down());
  const { app } = testApp({ strapiUrl: strapi.url });

  const home = await request(app).get('/').expect(200);
  const footer = home.text.slice(home.text.indexOf('<footer'));
  assert.match(footer, /href="tel:0345678910"/);
  assert.match(footer, /Bel ons/);
  assert.match(footer, /Postbus 12/);
  assert.match(footer, /KvK 87654321/);

  const contact = await request(app).get('/contact').expect(200);
  const main = contact.text.slice(contact.text.indexOf('<main'), contact.text.indexOf('</main>'));
  assert.match(main, /<dt>Telefoon<\/dt><dd><a href="tel:0345678910">0345 67 89 10<\/a><\/dd>/);
  assert.match(main, /<dt>E-mail<\/dt><dd><a href="mailto:info@stichtingjoinus.nl">/);
  assert.match(main, /<dt>Postadres<\/dt><dd>Stichting Join Us<br\/>Postbus 12<br\/>4000 AA Tiel<\/dd>/);

  const anbi = await request(app).get('/anbi').expect(200);
  assert.match(anbi.text, /Hieronder staan de gegevens die een ANBI moet publiceren\./);
  assert.doesNotMatch(anbi.text, /Nog niet alle gegevens/);
  for (const line of [/<dt>Naam<\/dt><dd>Stichting Join Us<\/dd>/, /<dt>RSIN \(fiscaal nummer\)<\/dt><dd>123456782<\/dd>/, /<dt>KvK-nummer<\/dt><dd>87654321<\/dd>/, /<li>Anna de Vries, voorzitter<\/li><li>Bram Jansen, penningmeester<\/li>/, /<a href="\/uploads\/beleidsplan.pdf">Lees ons beleidsplan<\/a>/]) {
    assert.match(anbi.text, line);
  }
});
