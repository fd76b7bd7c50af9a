// The foundation's contact and ANBI facts come from the global settings only: each line when
// it is set, none made up, and the intro that announces them only when they are all there.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { renderToStaticMarkup } from 'react-dom/server';
import type { BlockContext } from '../../src/blocks/block-context';
import { FoundationFactsBlock } from '../../src/blocks/foundation-facts';
import type { BlockOf, GlobalSettings } from '../../src/content/model';
import { globalSettingsSchema } from '../../src/content/model';

const embedded = (locale: string) => globalSettingsSchema.parse(JSON.parse(readFileSync(`content/snapshot/${locale}/single/global.json`, 'utf8')));

/** Every fact set, as an editor would enter them. */
const FILLED: Partial<GlobalSettings> = {
  phone: '0345 67 89 10',
  email: 'hallo@voorbeeld.nl',
  address: 'Stichting Voorbeeld\nPostbus 12\n4000 AA Tiel',
  legalName: 'Stichting Voorbeeld',
  rsin: '123456782',
  kvk: '87654321',
  board: [{ name: 'Anna de Vries', role: 'voorzitter' }, { name: 'Bram Jansen', role: 'penningmeester' }, { name: 'Chris Bakker' }],
  policyPlanUrl: '/uploads/beleidsplan.pdf',
};

async function render(facts: 'contact' | 'anbi', global: Partial<GlobalSettings> | null, locale: 'nl' | 'en' = 'nl'): Promise<string> {
  const ctx = {
    locale,
    services: { content: { globalSettings: async () => global }, publicConfig: { publicOrigin: 'http://localhost:3000' } },
  } as unknown as BlockContext;
  const block = { __component: 'blocks.foundation-facts', id: 1, title: 'Gegevens', facts, intro: 'Hieronder staan de gegevens die een ANBI moet publiceren.' } as BlockOf<'blocks.foundation-facts'>;
  const element = await FoundationFactsBlock({ block, ctx, index: 1, blocks: [block] });
  return element ? renderToStaticMarkup(element) : '';
}

test('contact: every line that is set, the phone dialable, the address line by line', async () => {
  const html = await render('contact', FILLED);
  assert.match(html, /<dt>Telefoon<\/dt><dd><a href="tel:0345678910">0345 67 89 10<\/a><\/dd>/);
  assert.match(html, /<dt>E-mail<\/dt><dd><a href="mailto:hallo@voorbeeld.nl">hallo@voorbeeld.nl<\/a><\/dd>/);
  assert.match(html, /<dt>Postadres<\/dt><dd>Stichting Voorbeeld<br\/>Postbus 12<br\/>4000 AA Tiel<\/dd>/);
});

test('contact: a line that is not set is not shown; with nothing to call or mail, no block at all', async () => {
  const html = await render('contact', { email: 'hallo@voorbeeld.nl' });
  assert.doesNotMatch(html, /Telefoon|Postadres|tel:/);
  assert.match(html, /mailto:hallo@voorbeeld.nl/);
  assert.equal(await render('contact', { siteName: 'Join Us' }), '');
  assert.equal(await render('contact', null), '');
});

test('anbi, all set: the intro, name, RSIN, KvK, address, mail, the board with roles and the policy plan', async () => {
  const html = await render('anbi', FILLED);
  assert.match(html, /Hieronder staan de gegevens die een ANBI moet publiceren\./);
  assert.doesNotMatch(html, /Nog niet alle gegevens/);
  for (const line of ['<dt>Naam</dt><dd>Stichting Voorbeeld</dd>', '<dt>RSIN (fiscaal nummer)</dt><dd>123456782</dd>', '<dt>KvK-nummer</dt><dd>87654321</dd>', '<dt>Postadres</dt>', '<dt>E-mail</dt>']) {
    assert.ok(html.includes(line), line);
  }
  assert.match(html, /<dt>Bestuur<\/dt><dd><ul class="foundation-board" role="list"><li>Anna de Vries, voorzitter<\/li><li>Bram Jansen, penningmeester<\/li><li>Chris Bakker<\/li><\/ul><\/dd>/);
  assert.match(html, /<dt>Beleidsplan<\/dt><dd><a href="\/uploads\/beleidsplan.pdf">Lees ons beleidsplan<\/a><\/dd>/);
});

test('anbi, RSIN or board missing: no claim that the details follow, an honest line instead, and what is there', async () => {
  for (const missing of ['rsin', 'board', 'legalName'] as const) {
    const html = await render('anbi', { ...FILLED, [missing]: null });
    assert.doesNotMatch(html, /Hieronder staan de gegevens/, missing);
    assert.match(html, /Nog niet alle gegevens die een ANBI publiceert staan op deze pagina\./, missing);
    assert.match(html, /Mail naar <a href="mailto:hallo@voorbeeld.nl">hallo@voorbeeld.nl<\/a>/, missing);
    assert.match(html, /<dt>KvK-nummer<\/dt>/, missing);
  }
  const nothing = await render('anbi', null);
  assert.match(nothing, /Nog niet alle gegevens/);
  assert.doesNotMatch(nothing, /<dl|Hieronder|Mail naar/);
});

test('the embedded content invents nothing: only its name and mail, and the ANBI block says the rest is missing', async () => {
  for (const locale of ['nl', 'en'] as const) {
    const global = embedded(locale);
    const contact = await render('contact', global, locale);
    const anbi = await render('anbi', global, locale);
    for (const html of [contact, anbi]) {
      assert.doesNotMatch(html, /tel:|344|Postbus|4000 BA|RSIN \(|KvK-nummer|Chamber/, locale);
    }
    assert.match(contact, /mailto:info@stichtingjoinus\.nl/);
    assert.doesNotMatch(anbi, /Hieronder staan de gegevens/);
    assert.match(anbi, locale === 'nl' ? /Nog niet alle gegevens/ : /Not all the details/);
  }
});
