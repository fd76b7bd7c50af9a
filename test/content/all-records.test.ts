// The class, a list that stops at the content service's page (Strapi answers at most 100 records a
// page): every list that shows all of a collection reads every page. Found at ten times today's
// content: /locaties listed 100 of 130 groups, the online group vanished from sign-up, the search
// form listed 100 of 200 regions. Here the embedded content with 230 groups (the online one sorted
// past the first hundred), 150 regions and 150 board members.
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import pino from 'pino';
import { createContentClient } from '../../src/content/client';
import { parseContentSettings } from '../../src/content/settings';
import { createSiteContent } from '../../src/content/site-content';
import { createSnapshotTransport } from '../../src/content/snapshot-transport';
import { listRequest, pagesItself } from '../../src/blocks/list-query';
import { LIST_PAGE_SIZE } from '../../src/blocks/list-pages';
import { onlineGroup } from '../../src/features/find-group/rules/groups';
import { regionsOf } from '../../src/features/find-group/rules/search';

const logger = pino({ level: 'silent' });

/** The embedded snapshot with `count` more records of `collection`, made from its first one. */
function multiplied(dir: string, collection: string, count: number, named: (i: number) => Record<string, unknown>): void {
  const file = path.join(dir, 'nl', `${collection}.json`);
  const records = JSON.parse(readFileSync(file, 'utf8')) as Array<Record<string, unknown>>;
  const copies = Array.from({ length: count }, (_, i) => ({ ...records[0], id: 10_000 + i, documentId: `cp${collection.replace(/[^a-z]/g, '')}`.slice(0, 14).padEnd(14, 'x') + String(i).padStart(10, '0'), ...named(i) }));
  writeFileSync(file, JSON.stringify([...records, ...copies]));
}

function content() {
  const dir = mkdtempSync(path.join(tmpdir(), 'snapshot-'));
  cpSync(path.resolve('content/snapshot'), dir, { recursive: true });
  const n = (i: number) => String(i).padStart(3, '0');
  // "Aa…": sorted by name before "Join Us Online".
  multiplied(dir, 'locations', 230, (i) => ({ name: `Aalsmeer groep ${n(i)}`, slug: `aalsmeer-${n(i)}`, mode: 'in-real-life' }));
  multiplied(dir, 'districts', 150, (i) => ({ name: `Aa-regio ${n(i)}`, slug: `aa-regio-${n(i)}` }));
  multiplied(dir, 'team-members', 150, (i) => ({ name: `Anna ${n(i)}`, slug: `anna-${n(i)}`, group: 'board' }));
  const transport = createSnapshotTransport({ dir, prefix: '/api' });
  const settings = parseContentSettings({ url: 'http://content.test', version: 'v5', timeoutMs: 10_000, cache: { ttlMs: 60_000, maxEntries: 1000, maxSizeBytes: 50_000_000 } });
  return createSiteContent(createContentClient({ logger, settings, transport }), logger);
}

describe('the class, a list that stops at the first page of 100: every list that shows a whole collection reads every page', () => {
  const site = content();

  test('all(): every record over several pages, in order, for groups, regions and team members', async () => {
    const page = await site.list('locations', { locale: 'nl', sort: ['name:asc'], pageSize: 100 });
    assert.equal(page.items.length, 100, 'the content service answers a hundred a page');
    assert.ok(page.pagination.total > 230);
    const all = await site.all('locations', { locale: 'nl', sort: ['name:asc'] });
    assert.equal(all.items.length, page.pagination.total, 'every group');
    assert.equal(new Set(all.items.map((l) => l.slug)).size, all.items.length, 'each once');
    assert.deepEqual(all.items.map((l) => l.name), [...all.items.map((l) => l.name)].sort((a, b) => a.localeCompare(b, 'nl')), 'in the order asked');
    assert.equal((await site.all('districts', { locale: 'nl', sort: ['name:asc'] })).items.length, 154);
    const board = await site.all('team-members', { locale: 'nl', filters: { group: { $eq: 'board' } }, sort: ['order:asc', 'name:asc'] });
    assert.ok(board.items.length > 150 && board.items.every((m) => m.group === 'board'), 'a filter holds on every page');
  });

  test('the online group is found however many groups sort before it; the search form lists every region', async () => {
    const online = await onlineGroup(site, 'nl');
    assert.equal(online?.mode, 'online');
    assert.equal((await regionsOf(site, 'nl')).length, 154);
  });

  test('a collection list without pagination or a limit turns its own pages, and its pages hold every record once', async () => {
    const list = { __component: 'blocks.collection-list', collection: 'locations' } as never;
    const paginated = [list, { __component: 'blocks.pagination', pageSize: 12 }] as never[];
    assert.equal(pagesItself(list, [list], 0), true);
    assert.equal(pagesItself({ ...(list as object), limit: 3 } as never, [list], 0), false);
    assert.equal(pagesItself(list, paginated, 0), false);
    const ctx = (pagina?: string) => ({ locale: 'nl', pathname: '/locaties', query: pagina ? { pagina } : {}, services: {} }) as never;
    const first = await site.list('locations', listRequest(list, ctx(), [list], 0));
    assert.equal(first.items.length, LIST_PAGE_SIZE);
    const seen = [...first.items];
    for (let n = 2; n <= first.pagination.pageCount; n++) seen.push(...(await site.list('locations', listRequest(list, ctx(String(n)), [list], 0))).items);
    const all = await site.all('locations', { locale: 'nl', sort: ['name:asc'] });
    assert.deepEqual(seen.map((l) => l.slug), all.items.map((l) => l.slug), 'every group, once, in order, over the pages');
  });
});
