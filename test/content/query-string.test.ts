import assert from 'node:assert/strict';
import { test } from 'node:test';
import { stringifyQuery, type QueryParams } from '../../src/content/query-string';

/** Input → the exact query string Strapi's `qs` parser receives. */
const cases: Array<[string, QueryParams | undefined, string]> = [
  ['nothing', undefined, ''],
  ['empty object', {}, ''],
  ['plain value', { locale: 'nl' }, 'locale=nl'],
  ['filter with operator', { filters: { slug: { $eq: 'x' } } }, 'filters[slug][$eq]=x'],
  ['array gets bracketed indices', { populate: ['blocks', 'seo'] }, 'populate[0]=blocks&populate[1]=seo'],
  ['nested relation filter', { filters: { district: { slug: { $eq: 'rivierenland' } } } }, 'filters[district][slug][$eq]=rivierenland'],
  ['array inside object', { filters: { id: { $in: [1, 2] } } }, 'filters[id][$in][0]=1&filters[id][$in][1]=2'],
  ['objects inside arrays', { filters: { $or: [{ a: 1 }, { b: 2 }] } }, 'filters[$or][0][a]=1&filters[$or][1][b]=2'],
  ['pagination numbers', { pagination: { page: 2, pageSize: 10 } }, 'pagination[page]=2&pagination[pageSize]=10'],
  ['sort keeps order', { sort: ['publishedAt:desc', 'title'] }, 'sort[0]=publishedAt%3Adesc&sort[1]=title'],
  ['values are URL-encoded', { filters: { title: { $containsi: 'één & twee' } } }, 'filters[title][$containsi]=%C3%A9%C3%A9n%20%26%20twee'],
  ['RFC 3986 reserved marks', { q: "it's (ok)!*" }, 'q=it%27s%20%28ok%29%21%2A'],
  ['undefined is skipped', { a: undefined, b: 'x', c: { d: undefined } }, 'b=x'],
  ['null is an empty value', { a: null }, 'a='],
  ['booleans', { filters: { featured: { $eq: true } } }, 'filters[featured][$eq]=true'],
  ['dates as ISO', { filters: { date: { $gte: new Date('2025-01-02T03:04:05Z') } } }, 'filters[date][$gte]=2025-01-02T03%3A04%3A05.000Z'],
  ['empty array adds nothing', { populate: [] }, ''],
  ['populate star', { populate: '*' }, 'populate=%2A'],
  ['deep populate object', { populate: { blocks: { populate: '*' } } }, 'populate[blocks][populate]=%2A'],
  ['key that would break the string', { 'a&b': '1' }, 'a%26b=1'],
  ['custom route parameters', { zipcode: '4001 AB', age: '17' }, 'zipcode=4001%20AB&age=17'],
];

for (const [name, input, expected] of cases) {
  test(`query string: ${name}`, () => {
    assert.equal(stringifyQuery(input), expected);
  });
}
