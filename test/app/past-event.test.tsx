// The promoted event while it is to come, and not after; a past event page's sign-up buttons.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { renderToStaticMarkup } from 'react-dom/server';
import { EventButton } from '../../src/app/chrome/header-actions';
import { withoutSignUpButtons } from '../../src/app/pages/past-event';
import { eventHasEnded, nextPromotedEvent, type PromotedEvent } from '../../src/content/events';
import type { Locale } from '../../src/i18n/locale';
import type { BlockRecord } from '../../src/content/site-content';

const day = 86_400_000;
const at = (ms: number) => new Date(ms).toISOString();

test('an event is over once its end has passed (its start, without an end)', () => {
  const now = Date.parse('2025-11-20T17:00:00Z');
  assert.equal(eventHasEnded({ startsAt: '2025-11-20T12:30:00Z', endsAt: '2025-11-20T16:30:00Z' }, now), true);
  assert.equal(eventHasEnded({ startsAt: '2025-11-20T12:30:00Z', endsAt: '2025-11-20T18:00:00Z' }, now), false);
  assert.equal(eventHasEnded({ startsAt: '2025-11-20T18:00:00Z', endsAt: null }, now), false);
});

test('the header promotes a coming event, and not a past or unknown one', () => {
  const coming = { slug: 'stronger-together-2027', title: 'Stronger Together 2027', shortTitle: 'Stronger Together', startsAt: at(Date.now() + 30 * day), endsAt: null, promoted: true, locale: 'nl' as const };
  const button = (events: PromotedEvent[], locale: Locale = 'nl') =>
    renderToStaticMarkup(<EventButton locale={locale} event={nextPromotedEvent(events, locale)} />);
  assert.match(button([coming]), /href="\/stronger-together-2027"/);
  assert.match(button([coming]), />Event: Stronger Together</);
  assert.match(button([{ ...coming, shortTitle: null }]), />Event: Stronger Together 2027</);
  // An English record leads to its English page; without one, to the Dutch page.
  assert.match(button([{ ...coming, locale: 'en' }], 'en'), /href="\/en\/stronger-together-2027"/);
  assert.match(button([coming], 'en'), /href="\/stronger-together-2027"/);
  assert.equal(button([{ ...coming, startsAt: at(Date.now() - 30 * day) }]), '');
  assert.equal(button([]), '');
});

test('a past event page keeps its buttons but those to its sign-up form', () => {
  const blocks = [
    { __component: 'blocks.intro', id: 1, title: 'Event', buttons: [{ label: 'Meld je aan', url: '#aanmelden' }, { label: 'Programma', url: '#programma' }, { label: 'Tickets', url: '/event#tickets' }] },
    { __component: 'blocks.form', id: 2, anchor: 'aanmelden', form: 'contact' },
  ] as unknown as BlockRecord[];
  const shown = withoutSignUpButtons(blocks, '/event#tickets') as unknown as Array<{ buttons?: Array<{ label: string }> }>;
  assert.deepEqual(shown[0]!.buttons!.map((b) => b.label), ['Programma']);
});
