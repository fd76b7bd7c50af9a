// The query parser's shortcut for plain queries against qs itself: every query string reads the
// same either way (the class: a second reading of one input must agree with the first, or a page
// is cached under one key and looked up under another).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import qs from 'qs';
import { parseQuery, QUERY_LIMITS } from '../../../server/http/query-parser';

const bySpec = (str: string | null | undefined) => qs.parse(str as string, { ...QUERY_LIMITS, allowPrototypes: false, strictDepth: false, throwOnLimitExceeded: false });

const same = (str: string | null | undefined) => assert.deepEqual(parseQuery(str), bySpec(str), `query ${JSON.stringify(str)}`);

test('query parser, two readings of one query agree: the plain queries the shortcut reads', () => {
  for (const str of ['_rsc=1', 'age=17&postcode=1234AB', 'verzonden=n42', 'a', 'a=', 'a&b=2', 'x.y=1', 'a~b=c-d_e.f', 'taal=en&_rsc=AbCdEfGhIjKlMnOpQrStUv']) same(str);
  // Twenty pairs is the shortcut's most; twenty-one go to qs.
  same(Array.from({ length: 20 }, (_, i) => `p${i}=${i}`).join('&'));
  same(Array.from({ length: 21 }, (_, i) => `p${i}=${i}`).join('&'));
});

test('query parser, two readings of one query agree: the neighbours qs must read (repeats, prototype names, encoding, brackets, empty pairs)', () => {
  const neighbours = [
    'a=1&a=2', // a repeated name is an array
    '__proto__=1', 'toString=x', 'constructor=1&a=2', 'hasOwnProperty=1', // dropped by qs
    'postcode=1234+AB', 'q=%41%42', '%61=1', 'a=%zz', // decoded (or not)
    'a[b]=1', 'a[]=1&a[]=2', 'a[0]=x', // nested
    'a=1&&b=2', '&a=1', 'a=1&', '=1', '', // empty pairs and names
    'a=1;b=2', 'a=b=c', 'a=1#f', 'naïve=1',
    null, undefined, 'null', // Express asks with null for an address without a query
  ];
  for (const str of neighbours) same(str);
});

test('query parser, two readings of one query agree: random queries from a small alphabet', () => {
  const alphabet = ['a', 'b', '_rsc', '=', '&', '1', '.', '~', '-', '%', '+', '[', ']', '__proto__', 'toString'];
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % alphabet.length;
  for (let i = 0; i < 5000; i += 1) same(Array.from({ length: 1 + (i % 9) }, () => alphabet[next()]).join(''));
});
