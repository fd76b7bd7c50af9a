import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { BlockContext } from '../../src/blocks/block-context';
import { LIST_PAGE_SIZE } from '../../src/blocks/list-pages';
import { categoryFromQuery, hrefWith, listBefore, listRequest, pageFromQuery, paginationAfter } from '../../src/blocks/list-query';
import { phoneNumbers, telHref } from '../../src/blocks/help-contact';
import type { BlockRecord } from '../../src/content/site-content';

const ctx = (query: Record<string, unknown>, pathname = '/blog', locale: 'nl' | 'en' = 'nl') => ({ locale, pathname, query, services: {} }) as unknown as BlockContext;
const list = { __component: 'blocks.collection-list', id: 1, collection: 'blog-posts' } as BlockRecord & { __component: 'blocks.collection-list' };
const bar = { __component: 'blocks.blog-filter-bar', id: 1 } as BlockRecord;
const pages = { __component: 'blocks.pagination', id: 1, pageSize: 6 } as BlockRecord;

test('category and page come from the Dutch parameters, anything odd falls back', () => {
  assert.equal(categoryFromQuery({ categorie: 'news' }), 'news');
  assert.equal(categoryFromQuery({ categorie: 'sport' }), null);
  assert.equal(categoryFromQuery({ categorie: ['vlog', 'news'] }), 'vlog');
  assert.equal(pageFromQuery({ pagina: '3' }), 3);
  for (const bad of ['0', '-1', '2.5', 'abc', '99999999']) assert.equal(pageFromQuery({ pagina: bad }), 1, bad);
});

test('a list and its pagination block find each other; another list in between breaks the pair', () => {
  const blocks = [bar, list, pages];
  assert.equal(paginationAfter(blocks, 1), pages);
  assert.deepEqual(listBefore(blocks, 2), { block: list, index: 1 });
  assert.equal(paginationAfter([list, { ...list, id: 2 }, pages], 0), null);
});

test('the list request uses the filter bar category, the page and the page size', () => {
  const request = listRequest(list, ctx({ categorie: 'stories', pagina: '2' }), [bar, list, pages], 1);
  assert.deepEqual(request.filters, { category: { $eq: 'stories' } });
  assert.equal(request.page, 2);
  assert.equal(request.pageSize, 6);
  assert.deepEqual(request.sort, ['publishedDate:desc', 'title:asc']);
});

test('without a filter bar the category is ignored; without a pagination block the list turns its own pages of 24', () => {
  const request = listRequest(list, ctx({ categorie: 'stories', pagina: '2' }), [list], 0);
  assert.deepEqual(request.filters, {});
  assert.equal(request.page, 2);
  assert.equal(request.pageSize, LIST_PAGE_SIZE);
  const limited = listRequest({ ...list, limit: 3 } as typeof list, ctx({ pagina: '2' }), [list], 0);
  assert.deepEqual([limited.page, limited.pageSize], [1, 3], 'a list with a limit shows that many, on no page but the first');
});

test('the second list of a page turns its pages with a parameter of its own (pagina2)', () => {
  const second = { ...list, collection: 'vacancies' } as typeof list;
  const blocks = [list, second];
  assert.equal(listRequest(second, ctx({ pagina: '3', pagina2: '2' }), blocks, 1).page, 2);
  assert.equal(listRequest(list, ctx({ pagina: '3', pagina2: '2' }), blocks, 0).page, 3);
});

test('location filters by mode and district slug', () => {
  const locations = { ...list, collection: 'locations', filter: { mode: 'in-real-life', district: 'utrecht' } } as typeof list;
  assert.deepEqual(listRequest(locations, ctx({}), [locations], 0).filters, { mode: { $eq: 'in-real-life' }, district: { slug: { $eq: 'utrecht' } } });
});

test('a list of partners leaves out the partners the same page puts in the spotlight, and only then filters', () => {
  const partners = { ...list, collection: 'partners' } as typeof list;
  const spotlight = (slug: string) => ({ __component: 'blocks.partner-item', id: 1, partner: { slug, name: slug } }) as unknown as BlockRecord;
  assert.deepEqual(listRequest(partners, ctx({}), [spotlight('welzijn-samen'), partners], 1).filters, { slug: { $notIn: ['welzijn-samen'] } });
  assert.deepEqual(listRequest(partners, ctx({}), [partners, spotlight('a'), spotlight('b')], 0).filters, { slug: { $notIn: ['a', 'b'] } });
  assert.deepEqual(listRequest(partners, ctx({}), [partners], 0).filters, {}, 'no spotlight: every partner');
  assert.deepEqual(listRequest(list, ctx({}), [spotlight('a'), list], 1).filters, {}, 'another collection: no partner filter');
});

test('links keep other parameters, drop internal ones, and keep the /en prefix', () => {
  assert.equal(hrefWith(ctx({ categorie: 'news', _rsc: '1', debug: '1' }), { pagina: '2' }), '/blog?categorie=news&pagina=2');
  assert.equal(hrefWith(ctx({ categorie: 'news', pagina: '2' }), { categorie: null, pagina: null }), '/blog');
  assert.equal(hrefWith(ctx({}, '/blog', 'en'), { pagina: '2' }), '/en/blog?pagina=2');
  assert.equal(hrefWith(ctx({}, '/', 'en'), {}), '/en');
});

test('a phone text with two numbers becomes two dialable numbers', () => {
  assert.deepEqual(phoneNumbers('113 of 0800-0113'), ['113', '0800-0113']);
  assert.equal(telHref('0800-0432'), 'tel:08000432');
  assert.equal(telHref('+31 (0)344 123 456'), 'tel:+310344123456');
});
