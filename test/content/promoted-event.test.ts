// Which event the header's button promotes: the soonest promoted one still to come, chosen
// when the page renders; none when every promoted event is over.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { nextPromotedEvent, type PromotedEvent } from '../../src/content/events';

const now = Date.parse('2026-11-25T12:00:00Z');
const event = (slug: string, startsAt: string, more: Partial<PromotedEvent> = {}): PromotedEvent => ({
  slug,
  title: slug,
  startsAt,
  endsAt: null,
  promoted: true,
  locale: 'nl',
  ...more,
});

test('the soonest promoted event that is still to come is chosen', () => {
  const events = [
    event('stronger-together-2025', '2025-11-20T12:30:00Z', { endsAt: '2025-11-20T16:30:00Z' }),
    event('stronger-together-2028', '2028-11-16T12:30:00Z'),
    event('stronger-together-2027', '2027-11-18T12:30:00Z'),
  ];
  assert.equal(nextPromotedEvent(events, 'nl', now)?.slug, 'stronger-together-2027');
});

test('none when every promoted event is over, or when the one to come is not promoted', () => {
  assert.equal(nextPromotedEvent([event('a', '2025-11-20T12:30:00Z', { endsAt: '2025-11-20T16:30:00Z' }), event('b', '2026-01-01T10:00:00Z')], 'nl', now), null);
  assert.equal(nextPromotedEvent([event('c', '2027-11-18T12:30:00Z', { promoted: false }), event('d', '2027-11-18T12:30:00Z', { promoted: null })], 'nl', now), null);
  assert.equal(nextPromotedEvent([], 'nl', now), null);
});

test('an event that has begun but not ended is still promoted; once its end has passed it is not', () => {
  const running = event('today', '2026-11-25T11:00:00Z', { endsAt: '2026-11-25T15:00:00Z' });
  assert.equal(nextPromotedEvent([running], 'nl', now)?.slug, 'today');
  assert.equal(nextPromotedEvent([running], 'nl', Date.parse('2026-11-25T15:00:01Z')), null);
});

test("the page's language first; an English page without an English event promotes the Dutch one", () => {
  const nl = event('stronger-together-2027', '2027-11-18T12:30:00Z');
  const en = { ...nl, locale: 'en' as const };
  assert.equal(nextPromotedEvent([en, nl], 'en', now)?.locale, 'en');
  assert.equal(nextPromotedEvent([nl], 'en', now)?.locale, 'nl');
  assert.equal(nextPromotedEvent([en], 'nl', now), null);
});

// Issue 40: the Academy menu's "Stronger Together" still led to the 2025 edition. The class: a
// menu link to "the event" follows the promoted event, not a fixed edition.
test('a menu link to an edition of a promoted event leads to the edition promoted now, in every menu and at any depth; other links stay', async () => {
  const { followPromotedEvent } = await import('../../src/routing/nav-paths');
  const events = [
    event('stronger-together-2025', '2025-11-20T12:30:00Z', { shortTitle: 'Stronger Together', endsAt: '2025-11-20T16:30:00Z' }),
    event('stronger-together-2027', '2027-11-18T12:30:00Z', { shortTitle: 'Stronger Together' }),
    event('open-dag-2025', '2025-05-01T12:30:00Z', { shortTitle: 'Open dag', endsAt: '2025-05-01T16:00:00Z' }),
  ];
  const item = (id: number, path: string | null, items: unknown[] = []) => ({ id, title: `item ${id}`, path, type: 'INTERNAL' as const, items: items as never });
  const menu = [item(1, '/academy', [item(2, '/stronger-together-2025'), item(3, '/over-ons')]), item(4, '/stronger-together-2025/'), item(5, '/open-dag-2025')];
  const followed = followPromotedEvent(menu, events, 'nl', now);
  assert.equal(followed[0]!.items![0]!.path, '/stronger-together-2027');
  assert.equal(followed[0]!.items![1]!.path, '/over-ons');
  assert.equal(followed[1]!.path, '/stronger-together-2027');
  assert.equal(followed[2]!.path, '/open-dag-2025', 'another event keeps its link');
  // None to come: the menu as the editor made it.
  assert.equal(followPromotedEvent(menu, events, 'nl', Date.parse('2028-01-01T00:00:00Z'))[1]!.path, '/stronger-together-2025/');
});

test('the rendered menus (header and footer, Dutch and English) lead to the promoted edition, never the 2025 one', async () => {
  const request = (await import('supertest')).default;
  const { testApp } = await import('../support/test-app');
  const { app } = testApp();
  for (const path of ['/', '/over-ons', '/en']) {
    const html = (await request(app).get(path).expect(200)).text;
    assert.doesNotMatch(html, /href="(\/en)?\/stronger-together-2025"/, path);
  }
  assert.match((await request(app).get('/').expect(200)).text, /href="\/stronger-together-2027"/);
});
