import assert from 'node:assert/strict';
import { test } from 'node:test';
import { applyRouteRules, fillPattern, isAbsoluteUrl, matchPattern } from '../../src/routing/route-match';
import { routes } from '../../src/app/routes';
import { PATH_TABLE, STATIC_REDIRECTS } from '../../src/routing/path-table';

const cases: Array<[pattern: string, path: string, expected: Record<string, string> | null]> = [
  ['/', '/', {}],
  ['/', '/x', null],
  ['/academy/:slug', '/academy/training-jongerenwerk', { slug: 'training-jongerenwerk' }],
  ['/academy/:slug', '/academy', null],
  ['/academy/:slug', '/academy/a/b', null],
  ['/:slug+', '/over-ons', { slug: 'over-ons' }],
  ['/:slug+', '/eenzaamheid/eenzaamheid-op-school/voorkom-eenzaamheid-in-de-klas', { slug: 'eenzaamheid/eenzaamheid-op-school/voorkom-eenzaamheid-in-de-klas' }],
  ['/:slug+', '/', null],
  ['/blog/:slug', '/blog/caf%C3%A9', { slug: 'café' }],
  ['/blog/:slug', '/blog/%E0%A4%A', { slug: '%E0%A4%A' }],
];

test('route patterns', () => {
  for (const [pattern, path, expected] of cases) assert.deepEqual(matchPattern(pattern, path), expected, `${pattern} ~ ${path}`);
});

test('a pattern filled with parameters is the path it matches', () => {
  assert.equal(fillPattern('/blog/:slug', { slug: 'een-bericht' }), '/blog/een-bericht');
  assert.equal(fillPattern('/:slug+', { slug: 'eenzaamheid/kind' }), '/eenzaamheid/kind');
  assert.equal(fillPattern('/', {}), '/');
  assert.deepEqual(matchPattern('/locatie/:slug', '/locatie/caf%C3%A9', false), { slug: 'caf%C3%A9' });
});

test('the router has exactly the routed rows of the path table, in their order', () => {
  const routed = PATH_TABLE.filter((row) => row.routed);
  assert.deepEqual(routes.map((r) => [r.name, r.path]), routed.map((row) => [row.name, row.path]));
});

test('every route of spec section 2 is in the table, in an order where specific routes win', () => {
  const names = routes.map((r) => r.path);
  // The event page (/stronger-together-2025, and each later edition) is the catch-all's: the
  // content page with the event's slug.
  for (const path of ['/', '/doe-de-test', '/doe-de-test/start', '/over-ons/support-onze-missie', '/academy/:slug', '/vacatures/:slug', '/blog/:slug', '/locatie/:slug', '/over-ons/ons-team/:slug', '/:slug+']) {
    assert.ok(names.includes(path), path);
  }
  assert.equal(names.at(-1), '/:slug+', 'the catch-all comes last');
  assert.equal(routes.find((r) => r.path === '/doe-de-test/start')?.layout, 'doe-de-test');
});

test('route rules: exact, prefix with rest of path, longest prefix wins', () => {
  assert.deepEqual(applyRouteRules(STATIC_REDIRECTS, '/home'), { to: '/', statusCode: 301 });
  assert.deepEqual(applyRouteRules(STATIC_REDIRECTS, '/nl/over-ons/faq'), { to: '/over-ons/faq', statusCode: 301 });
  assert.deepEqual(applyRouteRules(STATIC_REDIRECTS, '/nl'), { to: '/', statusCode: 301 });
  assert.equal(applyRouteRules(STATIC_REDIRECTS, '/nlx'), null);
  assert.equal(applyRouteRules(STATIC_REDIRECTS, '/over-ons'), null);
  const rules = { '/a/**': { redirect: { to: '/x', statusCode: 302 as const } }, '/a/b/**': { redirect: { to: 'https://example.org/**', statusCode: 308 as const } } };
  assert.deepEqual(applyRouteRules(rules, '/a/b/c'), { to: 'https://example.org/c', statusCode: 308 });
  assert.deepEqual(applyRouteRules(rules, '/a/z'), { to: '/x', statusCode: 302 });
});

test('the printed QR codes and the old home paths lead where they always did', () => {
  assert.deepEqual(applyRouteRules(STATIC_REDIRECTS, '/en/home'), { to: '/en', statusCode: 301 });
  assert.deepEqual(applyRouteRules(STATIC_REDIRECTS, '/qr/waaier1'), { to: '/doe-de-test', statusCode: 302 });
  assert.deepEqual(applyRouteRules(STATIC_REDIRECTS, '/qr/waaier2'), { to: '/locaties', statusCode: 302 });
  assert.deepEqual(applyRouteRules(STATIC_REDIRECTS, '/qr/waaier3'), { to: '/eenzaamheid', statusCode: 302 });
  assert.deepEqual(applyRouteRules(STATIC_REDIRECTS, '/qr/waaier4'), { to: '/over-ons/support-onze-missie', statusCode: 302 });
});

test('absolute targets are recognised (they need a full page load)', () => {
  assert.ok(isAbsoluteUrl('https://example.org/x'));
  assert.ok(isAbsoluteUrl('//cdn.example.org'));
  assert.ok(!isAbsoluteUrl('/over-ons'));
});
