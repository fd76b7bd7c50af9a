// The media records the media routes ask before they fetch or copy anything
// (server/content/media-catalogue.ts): a name nobody uploaded costs one lookup a minute, not
// one per request, under a bound however many names are made up; many asking at once are one
// lookup; a failing service is not asked once per request either.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createMediaCatalogue, FAILED_MS, MISSING_MS, RECHECK_MS } from '../../../server/content/media-catalogue';
import type { Media } from '../../../src/content/model/media';
import { fakeClock } from '../../support/fake-clock';
import { captureLogger } from '../../content/helpers/logger';

const PHOTO: Media = { id: 1, url: '/uploads/zomer_0a1b2c3d4e.jpg', mime: 'image/jpeg', width: 800, height: 600 };

function catalogue(options: { maxEntries?: number; fail?: () => boolean } = {}) {
  const clock = fakeClock();
  const asked: string[] = [];
  const media = createMediaCatalogue({
    lookup: async (file) => {
      asked.push(file);
      if (options.fail?.()) throw new Error('content service unreachable');
      return `/uploads/${file}` === PHOTO.url ? PHOTO : null;
    },
    logger: captureLogger().logger,
    now: clock.now,
    maxEntries: options.maxEntries,
  });
  return { media, clock, asked };
}

describe('media records by file name', () => {
  test('a made-up name is looked up once, asked by many at once or one after another, until MISSING_MS has passed', async () => {
    const { media, clock, asked } = catalogue();
    assert.deepEqual(await Promise.all([1, 2, 3].map(() => media.record('verzonnen.jpg'))), ['missing', 'missing', 'missing']);
    for (let i = 0; i < 10; i++) assert.equal(await media.record('verzonnen.jpg'), 'missing');
    assert.equal(asked.length, 1);
    clock.advance(MISSING_MS);
    await media.record('verzonnen.jpg');
    assert.equal(asked.length, 2);
  });

  test('however many names are made up, at most maxEntries are kept: the oldest are forgotten first', async () => {
    const { media, asked } = catalogue({ maxEntries: 3 });
    for (const name of ['a.jpg', 'b.jpg', 'c.jpg', 'd.jpg']) await media.record(name);
    await media.record('d.jpg');
    assert.equal(asked.length, 4, 'd is kept');
    await media.record('a.jpg');
    assert.equal(asked.length, 5, 'a was forgotten for d');
  });

  test('a failed lookup is not repeated per request; a record known before is used meanwhile', async () => {
    let failing = false;
    const { media, clock, asked } = catalogue({ fail: () => failing });
    assert.deepEqual(await media.record('zomer_0a1b2c3d4e.jpg'), PHOTO);
    failing = true;
    clock.advance(RECHECK_MS);
    assert.deepEqual(await media.recheck('zomer_0a1b2c3d4e.jpg'), PHOTO, 'the record known before');
    for (let i = 0; i < 5; i++) assert.equal(await media.record('onbekend.jpg'), 'unreachable');
    assert.equal(asked.filter((f) => f === 'onbekend.jpg').length, 1);
    clock.advance(FAILED_MS);
    failing = false;
    assert.equal(await media.record('onbekend.jpg'), 'missing');
  });

  test("a webhook's change forgets the files it names and every made-up name", async () => {
    const { media, asked } = catalogue();
    await media.record('zomer_0a1b2c3d4e.jpg');
    await media.record('verzonnen.jpg');
    media.forget({ all: false, showing: ['/zomer_0a1b2c3d4e.'] });
    await media.record('zomer_0a1b2c3d4e.jpg');
    await media.record('verzonnen.jpg');
    assert.deepEqual(asked, ['zomer_0a1b2c3d4e.jpg', 'verzonnen.jpg', 'zomer_0a1b2c3d4e.jpg', 'verzonnen.jpg']);
  });
});
