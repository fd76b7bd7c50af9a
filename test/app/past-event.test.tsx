// The promoted event while it is to come, and not after; a past event page's sign-up buttons.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { renderToStaticMarkup } from 'react-dom/server';
import { EventButton } from '../../src/app/chrome/header-actions';
import { withoutSignUpButtons } from '../../src/app/pages/past-event';
import { eventHasEnded } from '../../src/content/events';
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
  const coming = { slug: 'stronger-together-2027', title: 'Stronger Together 2027', startsAt: at(Date.now() + 30 * day), endsAt: null };
  const html = renderToStaticMarkup(<EventButton locale="nl" current="/" event={coming} />);
  assert.match(html, /href="\/stronger-together-2027"/);
  assert.match(html, /Event: Stronger Together/);
  const past = { ...coming, startsAt: at(Date.now() - 30 * day) };
  assert.equal(renderToStaticMarkup(<EventButton locale="nl" current="/" event={past} />), '');
  assert.equal(renderToStaticMarkup(<EventButton locale="nl" current="/" event={null} />), '');
});

test('a past event page keeps its buttons but those to its sign-up form', () => {
  const blocks = [
    { __component: 'blocks.intro', id: 1, title: 'Event', buttons: [{ label: 'Meld je aan', url: '#aanmelden' }, { label: 'Programma', url: '#programma' }, { label: 'Tickets', url: '/event#tickets' }] },
    { __component: 'blocks.form', id: 2, anchor: 'aanmelden', form: 'contact' },
  ] as unknown as BlockRecord[];
  const shown = withoutSignUpButtons(blocks, '/event#tickets') as unknown as Array<{ buttons?: Array<{ label: string }> }>;
  assert.deepEqual(shown[0]!.buttons!.map((b) => b.label), ['Programma']);
});
