import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { createContentClient } from '../../src/content/client';
import { normaliseResponse } from '../../src/content/normalise';
import { parseContentSettings, type ContentVersion } from '../../src/content/settings';
import { captureLogger } from './helpers/logger';
import { startFakeContentService, type FakeContentService } from '../support/fake-content-service';

/**
 * One home page as each version answers it (shapes from real Strapi answers in
 * shared/reference/strapi5-responses), with a media field and a to-one and to-many relation.
 * All three must normalise to `expected`.
 */
const hero = { id: 2, title: 'Welkom', __component: 'blocks.hero' };
const faqItems = [{ id: 3, question: 'Kost het geld?', answer: 'Nee, alles is gratis.' }];
const image = { id: 7, url: '/uploads/hero.webp', alternativeText: 'Jongeren' };
const district = { id: 4, name: 'Rivierenland', slug: 'rivierenland' };

const expected = {
  data: [
    {
      id: 2,
      documentId: 'kpjphvtcy4kug0ll8y4nasij',
      title: 'Home',
      slug: 'home',
      blocks: [
        { ...hero, image },
        { id: 2, title: 'Veelgestelde vragen', items: faqItems, __component: 'blocks.faq' },
        { id: 3, title: 'Locaties', locations: [{ id: 5, name: 'Tiel', district }], __component: 'blocks.locations-map' },
      ],
      district,
      seoImage: null,
      tags: [],
    },
  ],
  meta: { pagination: { page: 1, pageSize: 25, pageCount: 1, total: 1 } },
};

const v5 = expected;

const v4 = {
  data: [
    {
      id: 2,
      // Strapi v5 answering with `Strapi-Response-Format: v4` keeps the documentId.
      documentId: 'kpjphvtcy4kug0ll8y4nasij',
      attributes: {
        title: 'Home',
        slug: 'home',
        blocks: [
          { ...hero, image: { data: { id: 7, attributes: { url: '/uploads/hero.webp', alternativeText: 'Jongeren' } } } },
          { id: 2, title: 'Veelgestelde vragen', items: faqItems, __component: 'blocks.faq' },
          {
            id: 3,
            title: 'Locaties',
            locations: {
              data: [
                {
                  id: 5,
                  attributes: {
                    name: 'Tiel',
                    district: { data: { id: 4, attributes: { name: 'Rivierenland', slug: 'rivierenland' } } },
                  },
                },
              ],
            },
            __component: 'blocks.locations-map',
          },
        ],
        district: { data: { id: 4, attributes: { name: 'Rivierenland', slug: 'rivierenland' } } },
        seoImage: { data: null },
        tags: { data: [] },
      },
    },
  ],
  meta: expected.meta,
};

const v3Record = { ...structuredClone(expected.data[0]) } as Record<string, unknown>;
const v3 = [v3Record];

const samples: Array<[ContentVersion, unknown, unknown]> = [
  ['v3', v3, { data: expected.data, meta: {} }],
  ['v4', v4, expected],
  ['v5', v5, expected],
];

describe('envelope normalisation', () => {
  for (const [version, body, want] of samples) {
    test(`${version} answer becomes flat records`, () => {
      assert.deepEqual(normaliseResponse(body, version), want);
    });
  }

  test('a v3 single record is bare', () => {
    assert.deepEqual(normaliseResponse({ id: 1, title: 'Over ons' }, 'v3'), { data: { id: 1, title: 'Over ons' }, meta: {} });
  });

  test('v4 findOne: { data: { id, attributes } }', () => {
    const body = { data: { id: 2, attributes: { title: 'Jongerenwerker', location: { data: { id: 2, attributes: { name: 'Buurthuis De Pijp' } } } } }, meta: {} };
    assert.deepEqual(normaliseResponse(body, 'v4'), { data: { id: 2, title: 'Jongerenwerker', location: { id: 2, name: 'Buurthuis De Pijp' } }, meta: {} });
  });

  test('a JSON field holding other keys next to `data` is left alone', () => {
    const settings = { data: { id: 1 }, label: 'not a relation' };
    assert.deepEqual(normaliseResponse({ data: [{ id: 1, settings }], meta: {} }, 'v5').data, [{ id: 1, settings }]);
  });

  test('plugin answers (bare arrays) pass through on v4 and v5', () => {
    const menu = [{ id: 1, title: 'Home', path: '/', type: 'INTERNAL', items: [] }];
    assert.deepEqual(normaliseResponse(menu, 'v5'), { data: menu, meta: {} });
  });

  test('errors thrown by v4 and v5 reach the caller unchanged (not normalised)', async () => {
    const error = { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } };
    const upstream = await startFakeContentService(() => ({ status: 404, json: error }));
    const client = createContentClient({ settings: parseContentSettings({ url: upstream.url, version: 'v4' }), logger: captureLogger().logger, cache: null });
    await assert.rejects(client.findOne('pages', 'x'), (e: { payload: unknown }) => {
      assert.deepEqual(e.payload, error);
      return true;
    });
    await upstream.down();
  });
});

describe('the client normalises every version the same way', () => {
  const servers: FakeContentService[] = [];
  after(() => Promise.all(servers.map((s) => s.down())));

  for (const [version, body] of samples) {
    test(`find on ${version}`, async () => {
      const upstream = await startFakeContentService(() => ({ json: body }));
      servers.push(upstream);
      const client = createContentClient({ settings: parseContentSettings({ url: upstream.url, version }), logger: captureLogger().logger, cache: null });
      const result = await client.find('pages');
      assert.deepEqual(result.data, expected.data);
    });
  }
});

describe("an image's alternative text: the record's own beside the image, else the file's", () => {
  const brug = { id: 9, documentId: 'x6m11g4j4do08j8de3zntm6x', url: '/uploads/brug.jpg', alternativeText: 'De kabels van een brug' };

  test('the English record describes the photograph in English, in the field beside it, on v5 and v4 alike', () => {
    const v5Answer = { data: [{ id: 1, title: 'Tiel', image: brug, imageAlt: 'The cables of a bridge', seo: { shareImage: brug, shareImageAlt: null } }], meta: {} };
    const { documentId: _d, id: _i, ...attributes } = brug;
    const v4Answer = { data: [{ id: 1, attributes: { title: 'Tiel', image: { data: { id: 9, attributes: { ...attributes, documentId: brug.documentId } } }, imageAlt: 'The cables of a bridge', seo: { shareImage: { data: { id: 9, attributes: { ...attributes, documentId: brug.documentId } } }, shareImageAlt: null } } }], meta: {} };
    for (const [version, body] of [['v5', v5Answer], ['v4', v4Answer]] as const) {
      const [record] = normaliseResponse(body, version).data as Array<{ image: typeof brug; seo: { shareImage: typeof brug } }>;
      assert.equal(record!.image.alternativeText, 'The cables of a bridge', version);
      assert.equal(record!.image.url, brug.url, `${version}: the same file`);
      assert.equal(record!.seo.shareImage.alternativeText, 'De kabels van een brug', `${version}: no text of its own: the file's`);
    }
  });

  test("an empty or blank text of the record's own leaves the file's; a text beside no image changes nothing", () => {
    for (const imageAlt of ['', '  ', null]) {
      const [record] = normaliseResponse({ data: [{ id: 1, image: brug, imageAlt }] }, 'v5').data as Array<{ image: typeof brug }>;
      assert.equal(record!.image.alternativeText, brug.alternativeText, JSON.stringify(imageAlt));
    }
    const [none] = normaliseResponse({ data: [{ id: 1, image: null, imageAlt: 'Een brug' }] }, 'v5').data as Array<{ image: null }>;
    assert.equal(none!.image, null);
  });
  test("read in English, the file's own text is marked as Dutch; the record's own text, or a Dutch read, is not", () => {
    const read = (imageAlt: string | null, locale?: string) =>
      (normaliseResponse({ data: [{ id: 1, image: brug, imageAlt, blocks: [{ id: 2, __component: 'blocks.text-with-media', image: brug }] }] }, 'v5', locale).data as Array<{ image: { alternativeTextLocale?: string }; blocks: Array<{ image: { alternativeTextLocale?: string } }> }>)[0]!;
    assert.equal(read(null, 'en').image.alternativeTextLocale, 'nl', "the file's text on an English record");
    assert.equal(read('The cables of a bridge', 'en').blocks[0]!.image.alternativeTextLocale, 'nl', 'in a block of the English record too');
    assert.equal(read('The cables of a bridge', 'en').image.alternativeTextLocale, undefined, "the record's own English text");
    assert.equal(read(null, 'nl').image.alternativeTextLocale, undefined, 'a Dutch read');
    assert.equal(read(null).image.alternativeTextLocale, undefined, 'no locale asked: the first language');
    const silent = normaliseResponse({ data: [{ id: 1, image: { ...brug, alternativeText: '' } }] }, 'v5', 'en').data as Array<{ image: { alternativeTextLocale?: string } }>;
    assert.equal(silent[0]!.image.alternativeTextLocale, undefined, 'no text: nothing to mark');
  });
});
