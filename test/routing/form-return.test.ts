import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FORM_RETURN_PARAMS, formPage, formReturn, formReturnHref } from '../../src/routing/form-return';
import { PAGE_QUERY_PARAMS } from '../../src/routing/path-table';

test('a form\'s page keeps the search and the keep-me-posted variant, nothing else', () => {
  assert.equal(formPage('/locaties', { age: '20', postcode: '9999 AB', municipality: '', verzonden: 'contact', debug: '1' }), '/locaties?age=20&postcode=9999+AB');
  assert.equal(formPage('/locaties', { bijhouden: 'prefers-real-life' }), '/locaties?bijhouden=prefers-real-life');
  assert.equal(formPage('/contact', {}), '/contact');
  assert.equal(formPage('/locaties', { age: ['1', '2'], postcode: 'x'.repeat(101) }), '/locaties', 'only one short value each');
  for (const name of FORM_RETURN_PARAMS) assert.ok(PAGE_QUERY_PARAMS.has(name), `${name} shapes pages`);
});

test('going back: a path of this site and the kept parameters, whatever the post says', () => {
  assert.deepEqual(formReturn('/locaties?age=20&postcode=9999+AB&utm_source=x'), { path: '/locaties', query: { age: '20', postcode: '9999 AB' } });
  assert.deepEqual(formReturn('//evil.example/?age=20'), { path: '/', query: { age: '20' } });
  assert.deepEqual(formReturn('https://evil.example/locaties'), { path: '/', query: {} });
  assert.deepEqual(formReturn(undefined), { path: '/', query: {} });
  assert.equal(formReturnHref('/locaties?age=11&postcode=4001+AB', { verzonden: 'keep-me-posted' }, 'formulier-keep-me-posted'), '/locaties?age=11&postcode=4001+AB&verzonden=keep-me-posted#formulier-keep-me-posted');
  assert.equal(formReturnHref('/contact', { verzonden: 'contact' }, 'formulier-contact'), '/contact?verzonden=contact#formulier-contact');
  assert.equal(formReturnHref('/locaties?verzonden=x&age=%22%3E%3Cscript%3E', { verzonden: 'keep-me-posted' }), '/locaties?age=%22%3E%3Cscript%3E&verzonden=keep-me-posted', 'encoded, the post\'s own verzonden dropped');
});
