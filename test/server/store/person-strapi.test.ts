// The class in the content service: an address is found in Strapi however its letters are
// cased, in any script, on the cms's default database too, whose LOWER() folds A to Z only
// (SQLite; Strapi's `$eqi` and `$containsi` are `LOWER(col) = LOWER(?)` and `LOWER(col) LIKE
// LOWER(?)`). The fake service answers as Strapi on SQLite does; the real content client asks it.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import qs from 'qs';
import { findInStrapi } from '../../../server/store/person-strapi';
import { startFakeContentService, type FakeContentService } from '../../support/fake-content-service';
import { list } from '../../support/strapi-shapes';
import { captureLogger, contentClient } from './helpers/setup';

/** SQLite's lower(): A to Z only. */
const sqliteLower = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());

/** One field's filter as Strapi applies it on SQLite. */
function matches(value: unknown, filter: Record<string, string>): boolean {
  const text = typeof value === 'string' ? value : '';
  if ('$eqi' in filter) return sqliteLower(text) === sqliteLower(filter.$eqi!);
  if ('$containsi' in filter) return sqliteLower(text).includes(sqliteLower(filter.$containsi!));
  if ('$eq' in filter) return text === filter.$eq;
  throw new Error(`no such filter in this fake: ${JSON.stringify(filter)}`);
}

const COLLECTIONS: Record<string, Array<{ documentId: string; email: string }>> = {
  'contact-submissions': [
    { documentId: 'c1', email: 'émile.privé@voorbeeld.nl' },
    { documentId: 'c2', email: 'Émile.Privé@voorbeeld.nl' },
    { documentId: 'c3', email: 'emile.prive@voorbeeld.nl' },
  ],
  'vacancy-applications': [{ documentId: 'v1', email: 'E\u0301MILE.PRIVE\u0301@VOORBEELD.NL' }],
  'sign-ups': [{ documentId: 's1', email: 'νικος.κ@παράδειγμα.ελ' }, { documentId: 's2', email: 'nikos.k@example.gr' }],
};
/** users-permissions stores addresses lower-cased by JavaScript. */
const USERS = [
  { id: 1, username: 'emile', email: 'émile.privé@voorbeeld.nl' },
  { id: 2, username: 'emile2', email: 'emile.prive@voorbeeld.nl' },
  { id: 3, username: 'nikos', email: 'νικος.κ@παράδειγμα.ελ' },
];

describe('an address is found in Strapi however its letters are cased, in any script, on a database whose LOWER() folds A to Z only', () => {
  let service: FakeContentService;
  before(async () => {
    service = await startFakeContentService((req) => {
      const query = qs.parse(req.query) as { filters?: { email?: Record<string, string> } };
      const filter = query.filters?.email ?? {};
      if (req.path === '/api/users') return { json: USERS.filter((u) => matches(u.email, filter)) };
      const name = req.path.replace(/^\/api\//, '');
      return { json: list((COLLECTIONS[name] ?? []).filter((e) => matches(e.email, filter)).map((e, i) => ({ id: i + 1, ...e }))) };
    });
  });
  after(() => service.down());
  const client = () => contentClient(service.url, captureLogger().logger, 5000);

  test('ÉMILE.Privé@Voorbeeld.NL: the entries under every casing, the account; not the address without accents', async () => {
    const found = await findInStrapi(client(), 'ÉMILE.Privé@Voorbeeld.NL', { collections: Object.keys(COLLECTIONS) });
    assert.deepEqual(found.problems, []);
    assert.deepEqual(found.entries.map((e) => e.id).sort(), ['c1', 'c2', 'v1']);
    assert.deepEqual(found.accounts.map((a) => a.id), [1]);
  });

  test('a Greek address, its capital Σ typed final in Strapi: the entry and the account', async () => {
    const found = await findInStrapi(client(), 'ΝΙΚΟΣ.Κ@ΠΑΡΆΔΕΙΓΜΑ.ΕΛ', { collections: Object.keys(COLLECTIONS) });
    assert.deepEqual(found.entries.map((e) => e.id), ['s1']);
    assert.deepEqual(found.accounts.map((a) => a.id), [3]);
  });
});
