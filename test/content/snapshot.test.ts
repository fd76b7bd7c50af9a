import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import {
  areaCodesOf,
  blockComponents,
  blogCategories,
  collectionNames,
  collectionSchemas,
  districtSchema,
  locationSchema,
  localesSchema,
  navigationNames,
  navigationSchema,
  pageSchema,
  singleTypeNames,
  singleTypeSchemas,
  teamGroups,
  type CollectionName,
  type CollectionRecord,
  type NavigationItem,
} from '../../src/content/model';
import { imageSize } from '../../server/content/image-encoder';

const root = new URL('../../content/', import.meta.url);
const read = (path: string): unknown => JSON.parse(readFileSync(new URL(path, root), 'utf8'));
type Raw = Record<string, unknown>;
const rawList = (locale: string, name: string) => read(`snapshot/${locale}/${name}.json`) as Raw[];

const locales = localesSchema.parse(read('snapshot/i18n/locales.json'));
const codes = locales.map((l) => l.code);

function parsed<C extends CollectionName>(locale: string, name: C): CollectionRecord<C>[] {
  return rawList(locale, name).map((raw) => collectionSchemas[name].parse(raw) as CollectionRecord<C>);
}
const nl = Object.fromEntries(collectionNames.map((n) => [n, rawList('nl', n)])) as Record<CollectionName, Raw[]>;
const slugsOf = (locale: string, name: CollectionName) => new Set(rawList(locale, name).map((r) => String(r.slug)));

/** The site's own routes plus every page slug, so menus and links cannot dangle. */
function isKnownPath(href: string): boolean {
  const path = href.replace(/[?#].*$/, '').replace(/\/$/, '') || '/';
  if (path === '/' || path === '/en' || path === '/en/doe-de-test/start') return true;
  if (path.startsWith('/en/')) return slugsOf('en', 'pages').has(path.slice(4));
  const detail: [string, CollectionName][] = [
    ['/blog/', 'blog-posts'],
    ['/academy/', 'courses'],
    ['/vacatures/', 'vacancies'],
    ['/locatie/', 'locations'],
    ['/over-ons/ons-team/', 'team-members'],
  ];
  for (const [prefix, collection] of detail) {
    if (path.startsWith(prefix) && slugsOf('nl', collection).has(path.slice(prefix.length))) return true;
  }
  return ['/doe-de-test', '/doe-de-test/start'].includes(path) || slugsOf('nl', 'pages').has(path.slice(1));
}

/** Every string and object in a JSON tree, with the key it sits under. */
function* walk(value: unknown, key = ''): Generator<[string, unknown]> {
  yield [key, value];
  if (Array.isArray(value)) for (const v of value) yield* walk(v, key);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) yield* walk(v, k);
}
const snapshotFiles = [
  'snapshot/i18n/locales.json',
  ...codes.flatMap((l) => [
    ...collectionNames.map((n) => `snapshot/${l}/${n}.json`),
    ...singleTypeNames.map((n) => `snapshot/${l}/single/${n}.json`),
    ...navigationNames.map((n) => `snapshot/navigation/${l}/${n}.json`),
  ]),
];

describe('content snapshot: records', () => {
  it('has nl as the default locale and en', () => {
    assert.deepEqual(codes.sort(), ['en', 'nl']);
    assert.equal(locales.find((l) => l.isDefault)?.code, 'nl');
  });

  for (const locale of ['nl', 'en']) {
    for (const name of collectionNames) {
      it(`${locale}/${name}: every record parses, with unique ids, documentIds and slugs`, () => {
        const records = rawList(locale, name);
        assert.ok(Array.isArray(records));
        const failures = records.flatMap((raw, i) => {
          const result = collectionSchemas[name].safeParse(raw);
          return result.success ? [] : [`#${i} ${String(raw.slug)}: ${result.error.message}`];
        });
        assert.deepEqual(failures, []);
        for (const key of ['id', 'documentId', 'slug'] as const) {
          const values = records.map((r) => r[key]);
          assert.ok(values.every((v) => v !== undefined), `${key} present`);
          assert.equal(new Set(values).size, values.length, `${key} unique`);
        }
        assert.ok(records.every((r) => r.locale === locale));
      });
    }
    for (const name of singleTypeNames) {
      it(`${locale}/single/${name} parses`, () => {
        singleTypeSchemas[name].parse(read(`snapshot/${locale}/single/${name}.json`));
      });
    }
  }

  it('ids stay unique per collection across locales, and translations share a documentId', () => {
    for (const name of collectionNames) {
      const ids = codes.flatMap((l) => rawList(l, name).map((r) => r.id));
      assert.equal(new Set(ids).size, ids.length, name);
    }
    const nlDocs = new Set(nl.pages.map((p) => p.documentId));
    assert.ok(rawList('en', 'pages').every((p) => nlDocs.has(p.documentId)));
  });

  it('global settings carry the foundation\'s name, mail and the four social links, and no phone or address nobody gave us', () => {
    for (const locale of codes) {
      const g = singleTypeSchemas.global.parse(read(`snapshot/${locale}/single/global.json`));
      assert.ok(g.legalName && g.email && g.dashboardUrl);
      assert.ok(g.socials?.facebook && g.socials.tiktok && g.socials.instagram && g.socials.linkedin);
      // Not known: the site shows each of these only when an editor enters it.
      assert.equal(g.phone, null);
      assert.equal(g.address, null);
    }
  });

  it('no invented phone number or postal address of the foundation anywhere in the content', () => {
    const invented = /\b0?344[ -]?123[ -]?456\b|\+31 344|Postbus 1000|4000 BA/;
    const found = snapshotFiles.filter((file) => invented.test(readFileSync(new URL(file, root), 'utf8')));
    assert.deepEqual(found, []);
  });
});

describe('content snapshot: pages and blocks', () => {
  const required = [
    'home', 'doe-de-test', 'stronger-together-2025', 'over-ons', 'over-ons/support-onze-missie', 'over-ons/ons-team',
    'over-ons/faq', 'blog', 'academy', 'vacatures', 'locaties', 'partners', 'eenzaamheid', 'eenzaamheid/gevolgen',
    'eenzaamheid/signalereneenzaamheid', 'eenzaamheid/eenzaamheid-op-school',
    'eenzaamheid/eenzaamheid-op-school/voorkom-eenzaamheid-in-de-klas', 'eenzaamheid/puberteit', 'tips', 'contact',
    'start-een-locatie', 'maak-impact-als-maatschappelijk-partner/gemeenten',
    'maak-impact-als-maatschappelijk-partner/gemeenten/eenzaamheidskosten', 'doneren', 'privacy-policy', 'cookiebeleid',
    'general-condition', 'disclaimer', 'anbi', 'jaarverslag', 'research', 'online', 'aanmelden', 'hoe-werkt-het',
  ];

  it('has every page the product needs, and English home, about and contact', () => {
    const slugs = slugsOf('nl', 'pages');
    assert.deepEqual(required.filter((s) => !slugs.has(s)), []);
    const en = slugsOf('en', 'pages');
    for (const s of ['home', 'about', 'contact']) assert.ok(en.has(s), s);
  });

  it('uses only known block types, and every block type on at least one page', () => {
    const seen = new Set<string>();
    for (const locale of codes) {
      for (const page of rawList(locale, 'pages')) {
        for (const block of page.blocks as Raw[]) {
          assert.ok(blockComponents.includes(block.__component as never), `${page.slug}: ${String(block.__component)}`);
          seen.add(String(block.__component));
        }
        assert.equal(pageSchema.parse(page).blocks.length, (page.blocks as Raw[]).length, String(page.slug));
      }
    }
    assert.deepEqual(blockComponents.filter((c) => !seen.has(c)), []);
  });

  it('links inside content point at existing pages and routes', () => {
    const broken: string[] = [];
    for (const file of snapshotFiles.filter((f) => !f.includes('/navigation/'))) {
      for (const [key, value] of walk(read(file))) {
        if (typeof value !== 'string') continue;
        const links = key === 'url' || key === 'ticketUrl' ? [value] : [...value.matchAll(/\]\((\/[^)\s]*)\)/g)].map((m) => m[1]!);
        for (const link of links) if (link.startsWith('/') && !link.startsWith('/uploads/') && !isKnownPath(link)) broken.push(`${file}: ${link}`);
      }
    }
    assert.deepEqual(broken, []);
  });

  it('media point at existing uploads with their real size', async () => {
    const problems: string[] = [];
    for (const file of snapshotFiles) {
      for (const [, value] of walk(read(file))) {
        const media = value as Raw | null;
        if (!media || typeof media !== 'object' || typeof media.url !== 'string' || !media.url.startsWith('/uploads/')) continue;
        const upload = new URL(media.url.slice(1), root);
        if (!existsSync(upload)) { problems.push(`${file}: missing ${media.url}`); continue; }
        const size = media.mime === 'image/svg+xml' ? svgSize(readFileSync(upload, 'utf8')) : await imageSize(fileURLToPath(upload));
        if (!size || size.width !== media.width || size.height !== media.height) problems.push(`${file}: size of ${media.url}`);
      }
    }
    assert.deepEqual(problems, []);
  });

  it('carries real photographs as editors upload them, each named by its content and licensed for reuse', async () => {
    const dir = new URL('uploads/', root);
    const photos = readdirSync(dir).filter((f) => /\.(jpe?g|png|webp)$/i.test(f));
    const large: string[] = [];
    for (const photo of photos) {
      // `name_<hash>.ext` like the content service's uploads, the hash of the bytes: a changed
      // photo gets a new name, so its copies (kept a year by browsers) are never stale.
      const hash = /_([0-9a-f]{10})\.[a-z]+$/.exec(photo)?.[1];
      assert.equal(hash, createHash('sha256').update(readFileSync(new URL(photo, dir))).digest('hex').slice(0, 10), `${photo}: name_<first 10 hex of its sha256>.ext`);
      const size = await imageSize(fileURLToPath(new URL(photo, dir)));
      if (size && Math.max(size.width, size.height) >= 3000) large.push(photo);
    }
    assert.ok(large.length >= 8, `at least 8 photographs of 3000 px or more, found ${large.length}`);
  });

  it('every photograph says what it shows, in Dutch and English, wherever it is shown, and has its source and licence in PHOTOS.md', () => {
    const photos = readdirSync(new URL('uploads/', root)).filter((f) => /\.(jpe?g|png|webp)$/i.test(f)).sort();
    const listed = photoList(readFileSync(new URL('PHOTOS.md', root), 'utf8'));
    const copyright = copyrightStanzas(readFileSync(new URL('photos-debian-copyright.txt', root), 'utf8'));
    const problems: string[] = [];
    assert.deepEqual([...listed.keys()].sort(), photos, 'PHOTOS.md lists each photograph in content/uploads once, and no other');
    for (const [file, row] of listed) {
      if (!row.nl.trim() || !row.en.trim()) problems.push(`${file}: a Dutch and an English text in PHOTOS.md`);
      if (row.nl.trim() === row.en.trim()) problems.push(`${file}: the English text is the Dutch one`);
      if (!FREE_LICENCES.has(row.licence)) problems.push(`${file}: licence "${row.licence}" is not one the site may use`);
      if (!row.author.trim() || !/^[\w.-]+: \/\S+$/.test(row.source)) problems.push(`${file}: its author and "package: /path" in PHOTOS.md`);
      const stanza = copyright.get(row.entry);
      if (!stanza) problems.push(`${file}: no "Files: ${row.entry}" in photos-debian-copyright.txt`);
      else {
        if (stanza.licence !== row.licence) problems.push(`${file}: PHOTOS.md says ${row.licence}, the copyright file ${stanza.licence}`);
        if (!stanza.copyright.includes(row.author)) problems.push(`${file}: the copyright file names ${stanza.copyright}, not ${row.author}`);
      }
    }
    // Each use, as the page shows it: the record's own text beside the image (`imageAlt`
    // beside `image`), else the file's own, which is the Dutch one (src/content/image-alt.ts).
    const used = new Set<string>();
    for (const file of snapshotFiles) {
      const locale = /snapshot\/(?:navigation\/)?(nl|en)\//.exec(file)?.[1];
      for (const [, value] of walk(read(file))) {
        if (!value || typeof value !== 'object' || Array.isArray(value)) continue;
        for (const [key, media] of Object.entries(value as Raw)) {
          const url = (media as Raw | null)?.url;
          if (typeof url !== 'string' || !/^\/uploads\/[^/]+\.(jpe?g|png|webp)$/i.test(url)) continue;
          const name = url.slice('/uploads/'.length);
          used.add(name);
          const row = listed.get(name);
          if (!row || !locale) continue;
          const own = (value as Raw)[`${key}Alt`];
          const fileText = (media as Raw).alternativeText;
          const shownText = typeof own === 'string' && own.trim() ? own : fileText;
          if (fileText !== row.nl) problems.push(`${file}: ${name} keeps "${String(fileText)}" as its own text, PHOTOS.md "${row.nl}"`);
          const expected = locale === 'nl' ? row.nl : row.en;
          if (shownText !== expected) problems.push(`${file}: ${name} is shown as "${String(shownText)}", PHOTOS.md says it shows "${expected}"`);
        }
      }
    }
    for (const photo of photos) if (!used.has(photo)) problems.push(`${photo}: in content/uploads, on no page`);
    assert.deepEqual(problems, []);
  });
});

/** Licences under which the site may show a photograph and share its copies. */
const FREE_LICENCES = new Set(['CC0-1.0', 'CC-BY-4.0', 'CC-BY-SA-3.0', 'CC-BY-SA-4.0']);

type PhotoRow = { nl: string; en: string; source: string; entry: string; author: string; licence: string };

/** PHOTOS.md's table, by file: | file | shows (nl) | shows (en) | package: path | Files: entry | author | licence | */
function photoList(markdown: string): Map<string, PhotoRow> {
  const rows = new Map<string, PhotoRow>();
  for (const line of markdown.split('\n')) {
    const cells = line.split('|').slice(1, -1).map((c) => c.trim().replace(/^`(.*)`$/, '$1'));
    if (cells.length !== 7 || !/\.(jpe?g|png|webp)$/i.test(cells[0]!)) continue;
    const [file, nl, en, source, entry, author, licence] = cells as [string, string, string, string, string, string, string];
    assert.ok(!rows.has(file), `${file} listed twice in PHOTOS.md`);
    rows.set(file, { nl, en, source: source.replace(/`/g, ''), entry, author, licence });
  }
  return rows;
}

/** The stanzas of a Debian copyright file (DEP-5), by each path of their `Files:` field. */
function copyrightStanzas(text: string): Map<string, { copyright: string; licence: string }> {
  const stanzas = new Map<string, { copyright: string; licence: string }>();
  for (const paragraph of text.split(/\n\s*\n/)) {
    const files = /^Files:\s*(.+)$/m.exec(paragraph)?.[1];
    const licence = /^License:\s*(\S+)/m.exec(paragraph)?.[1];
    const copyright = /^Copyright:\s*([\s\S]*?)(?=^\S|(?![\s\S]))/m.exec(paragraph)?.[1];
    if (!files || !licence || !copyright) continue;
    for (const path of files.split(/\s+/)) stanzas.set(path, { copyright: copyright.replace(/\s+/g, ' ').trim(), licence });
  }
  return stanzas;
}

function svgSize(svg: string): { width: number; height: number } | null {
  const size = svg.match(/width="(\d+)" height="(\d+)"/);
  return size ? { width: Number(size[1]), height: Number(size[2]) } : null;
}

describe('content snapshot: collections', () => {
  it('has at least 3 team members in each group', () => {
    const members = parsed('nl', 'team-members');
    for (const group of teamGroups) assert.ok(members.filter((m) => m.group === group).length >= 3, group);
  });

  it('has at least 8 blog posts covering all four categories', () => {
    const posts = parsed('nl', 'blog-posts');
    assert.ok(posts.length >= 8);
    assert.deepEqual(blogCategories.filter((c) => !posts.some((p) => p.category === c)), []);
  });

  it('has at least 3 courses, 3 vacancies, 4 partners and the Stronger Together event', () => {
    assert.ok(nl.courses.length >= 3 && nl.vacancies.length >= 3 && nl.partners.length >= 4);
    assert.ok(parsed('nl', 'events').some((e) => e.slug === 'stronger-together-2025'));
  });

  it('has at least 12 locations in at least 4 districts, rivierenland among them, and the online group', () => {
    const locations = parsed('nl', 'locations');
    const districts = new Set(locations.flatMap((l) => (l.district ? [l.district.slug] : [])));
    assert.ok(locations.length >= 12);
    assert.ok(districts.size >= 4 && districts.has('rivierenland'));
    assert.ok(locations.some((l) => l.mode === 'online' && l.minAge === 18 && l.maxAge === 30));
    assert.ok(new Set(locations.map((l) => l.meetingDay)).size >= 6, 'meeting days spread over the week');
  });

  it('places each real-life group in its district: municipality, postcode area and map position', () => {
    for (const locale of codes) {
      const districts = new Map(parsed(locale, 'districts').map((d) => [d.slug, d]));
      for (const l of parsed(locale, 'locations')) {
        assert.ok(l.minAge >= 12 && l.maxAge <= 30 && l.minAge <= l.maxAge, l.slug);
        if (l.mode === 'online') continue;
        const municipality = districts.get(l.district?.slug ?? '')?.municipalities.find((m) => m.name === l.municipality);
        assert.ok(municipality, `${l.slug}: municipality ${l.municipality} in ${l.district?.slug}`);
        assert.ok(areaCodesOf(municipality).includes(l.postcode?.slice(0, 4) ?? ''), `${l.slug}: postcode ${l.postcode}`);
        assert.ok(l.lat! > 50.7 && l.lat! < 53.6 && l.lng! > 3.3 && l.lng! < 7.3, `${l.slug}: inside the Netherlands`);
      }
    }
  });
});

describe('content snapshot: navigation', () => {
  const flatten = (items: NavigationItem[]): NavigationItem[] => items.flatMap((i) => [i, ...flatten(i.items ?? [])]);

  for (const locale of ['nl', 'en']) {
    it(`${locale}: every menu parses, and internal items point at pages or routes`, () => {
      for (const name of navigationNames) {
        const items = flatten(navigationSchema.parse(read(`snapshot/navigation/${locale}/${name}.json`)));
        for (const item of items) {
          if (item.type === 'EXTERNAL') assert.ok(item.path === item.externalPath && /^https:\/\//.test(item.path ?? ''), item.title);
          else assert.ok(isKnownPath(item.path ?? ''), `${name}: ${item.title} -> ${item.path}`);
        }
      }
      const primary = navigationSchema.parse(read(`snapshot/navigation/${locale}/primary.json`));
      assert.ok(primary.some((i) => (i.items ?? []).length > 0), 'primary has dropdowns');
      assert.ok(flatten(primary).some((i) => i.type === 'EXTERNAL'), 'primary has an external item');
      const footer = navigationSchema.parse(read(`snapshot/navigation/${locale}/footer-1.json`));
      assert.ok(footer.some((i) => i.type === 'EXTERNAL'), 'footer-1 has an external link');
    });
  }
});

describe('content model: broken records fail', () => {
  const location = nl.locations[0]!;
  const cases: [string, () => unknown][] = [
    ['a page without a slug', () => pageSchema.parse({ ...nl.pages[0], slug: undefined })],
    ['a known block with a wrong field', () => pageSchema.parse({ ...nl.pages[0], blocks: [{ __component: 'blocks.faq', items: 'x' }] })],
    ['a group for 10-year-olds', () => locationSchema.parse({ ...location, minAge: 10 })],
    ['a group whose ages are swapped', () => locationSchema.parse({ ...location, minAge: 20, maxAge: 16 })],
    ['an online group for minors', () => locationSchema.parse({ ...location, mode: 'online', minAge: 16 })],
    ['an unknown meeting day', () => locationSchema.parse({ ...location, meetingDay: 'funday' })],
    ['a district slug that is not its name', () => districtSchema.parse({ ...nl.districts[0], slug: 'betuwe' })],
    ['an external menu item without a URL', () => navigationSchema.parse([{ id: 1, title: 'x', path: null, type: 'EXTERNAL' }])],
  ];
  for (const [name, parse] of cases) it(`rejects ${name}`, () => assert.throws(parse));
});
