import assert from 'node:assert/strict';
import { test } from 'node:test';
import { applyRouteRules, isAbsoluteUrl, matchPattern } from '../../src/framework/route-match';
import { routes } from '../../src/app/routes';
import { staticRouteRules } from '../../src/app/route-rules';

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

test('every route of spec section 2 is in the table, in an order where specific routes win', () => {
  const names = routes.map((r) => r.path);
  for (const path of ['/', '/doe-de-test', '/doe-de-test/start', '/stronger-together-2025', '/over-ons/support-onze-missie', '/academy/:slug', '/vacatures/:slug', '/blog/:slug', '/locatie/:slug', '/over-ons/ons-team/:slug', '/:slug+']) {
    assert.ok(names.includes(path), path);
  }
  assert.equal(names.at(-1), '/:slug+', 'the catch-all comes last');
  assert.equal(routes.find((r) => r.path === '/doe-de-test/start')?.layout, 'doe-de-test');
});

test('route rules: exact, prefix with rest of path, longest prefix wins', () => {
  assert.deepEqual(applyRouteRules(staticRouteRules, '/home'), { to: '/', statusCode: 301 });
  assert.deepEqual(applyRouteRules(staticRouteRules, '/nl/over-ons/faq'), { to: '/over-ons/faq', statusCode: 301 });
  assert.deepEqual(applyRouteRules(staticRouteRules, '/nl'), { to: '/', statusCode: 301 });
  assert.equal(applyRouteRules(staticRouteRules, '/nlx'), null);
  assert.equal(applyRouteRules(staticRouteRules, '/over-ons'), null);
  const rules = { '/a/**': { redirect: { to: '/x', statusCode: 302 as const } }, '/a/b/**': { redirect: { to: 'https://example.org/**', statusCode: 308 as const } } };
  assert.deepEqual(applyRouteRules(rules, '/a/b/c'), { to: 'https://example.org/c', statusCode: 308 });
  assert.deepEqual(applyRouteRules(rules, '/a/z'), { to: '/x', statusCode: 302 });
});

test('absolute targets are recognised (they need a full page load)', () => {
  assert.ok(isAbsoluteUrl('https://example.org/x'));
  assert.ok(isAbsoluteUrl('//cdn.example.org'));
  assert.ok(!isAbsoluteUrl('/over-ons'));
});
