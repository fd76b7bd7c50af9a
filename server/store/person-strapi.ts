// What the content service (Strapi v4 or v5) holds about one email address, and its erasure,
// through the site's own API token: the entries of every form collection whose `email` has the
// same key (src/forms/address-key.ts), the files they carry and the files the site uploaded for
// that person's submissions, and the users-permissions account. Calls go with the client's
// logging off: an error body may echo the address, and the operator command reports failures
// itself.
//
// Strapi cannot be asked for a key: its `$eqi` and `$containsi` compare with the database's
// LOWER(), which on SQLite (the cms's default) folds A to Z only, so `$eqi` with `ÉMILE@` never
// finds `émile@`. It is asked instead for the addresses containing the key's longest run of
// ASCII characters (`@voorbeeld.nl`), which every database matches alike, and each address it
// answers is then compared by its key here.
import type { ContentClient } from '../../src/content/client';
import { addressKey, addressKeyOf } from '../../src/forms/address-key';
import { ContentError, isObject } from '../../src/content/errors';
import type { RemoteFileId } from './submissions';

type Client = Pick<ContentClient, 'request' | 'settings'>;

export type StrapiFile = { id: RemoteFileId; name: string | null; mime: string | null; size: number | null; url: string | null };
export type StrapiEntry = { collection: string; id: string; createdAt: string | null; fields: Record<string, unknown>; files: StrapiFile[] };
export type StrapiAccount = { id: RemoteFileId; username: string | null; email: string | null; provider: string | null; confirmed: boolean | null; blocked: boolean | null; createdAt: string | null };
export type StrapiFindings = { entries: StrapiEntry[]; files: StrapiFile[]; accounts: StrapiAccount[]; problems: string[] };
export type StrapiErasure = { entries: number; files: number; accounts: number; problems: string[] };

const PAGE_SIZE = 100;
const str = (v: unknown) => (typeof v === 'string' ? v : null);

/** What Strapi is asked for: the longest run of printable ASCII in the key ('' for none: every
 * address, compared here). */
export function asciiProbe(key: string): string {
  return (key.match(/[\x21-\x7e]+/g) ?? []).reduce((longest, run) => (run.length > longest.length ? run : longest), '');
}

/** A failure as the operator may read it: status and error name, never a body that could hold the address. */
function problem(where: string, err: unknown): string {
  if (err instanceof ContentError) {
    const name = err.fromService && 'error' in err.payload && isObject(err.payload.error) ? err.payload.error.name : undefined;
    return `${where}: ${err.status}${typeof name === 'string' ? ` ${name}` : ''}`;
  }
  return `${where}: ${err instanceof Error ? err.name : 'error'}`;
}

const isGone = (err: unknown) => err instanceof ContentError && err.status === 404;

/** v4 wraps fields in `attributes` and relations in `{ data }`; v5 is flat. */
function flat(entry: unknown): Record<string, unknown> {
  if (!isObject(entry)) return {};
  return isObject(entry.attributes) ? { id: entry.id, ...entry.attributes } : entry;
}

function fileOf(value: unknown): StrapiFile | null {
  const f = flat(value);
  const id = f.id;
  if ((typeof id !== 'number' && typeof id !== 'string') || typeof f.mime !== 'string') return null;
  return { id, name: str(f.name), mime: f.mime, size: typeof f.size === 'number' ? f.size : null, url: str(f.url) };
}

/** The media an entry carries (populated), in either version's shape. */
function filesIn(fields: Record<string, unknown>): StrapiFile[] {
  const files: StrapiFile[] = [];
  for (const value of Object.values(fields)) {
    const inner = isObject(value) && 'data' in value ? value.data : value;
    for (const item of Array.isArray(inner) ? inner : [inner]) {
      const file = fileOf(item);
      if (file) files.push(file);
    }
  }
  return files;
}

export async function findInStrapi(client: Client, email: string, opts: { collections: readonly string[]; fileIds?: readonly RemoteFileId[] }): Promise<StrapiFindings> {
  const key = addressKey(email);
  const same = (value: unknown) => addressKeyOf(value) === key;
  const found: StrapiFindings = { entries: [], files: [], accounts: [], problems: [] };
  if (client.settings.version === 'v3') return { ...found, problems: ['Strapi v3: not searched (find, export and erase speak v4 and v5)'] };
  const filters = { email: { $containsi: asciiProbe(key) } };
  for (const collection of opts.collections) {
    try {
      for (let page = 1; ; page++) {
        const body = await client.request(`/${encodeURIComponent(collection)}`, { query: { filters, populate: '*', pagination: { page, pageSize: PAGE_SIZE } }, log: false });
        const list = isObject(body) && Array.isArray(body.data) ? body.data : [];
        for (const raw of list) {
          const fields = flat(raw);
          const id = client.settings.version === 'v5' ? (fields.documentId ?? fields.id) : fields.id;
          if ((typeof id !== 'string' && typeof id !== 'number') || !same(fields.email)) continue;
          found.entries.push({ collection, id: String(id), createdAt: str(fields.createdAt), fields, files: filesIn(fields) });
        }
        const pageCount = isObject(body) && isObject(body.meta) && isObject(body.meta.pagination) ? Number(body.meta.pagination.pageCount) : 1;
        if (list.length < PAGE_SIZE || page >= pageCount) break;
      }
    } catch (err) {
      found.problems.push(problem(collection, err));
    }
  }
  const seen = new Set(found.entries.flatMap((e) => e.files.map((f) => String(f.id))));
  found.files.push(...found.entries.flatMap((e) => e.files));
  // Uploads the site made for this person's submissions that no entry found here carries.
  for (const id of opts.fileIds ?? []) {
    if (seen.has(String(id))) continue;
    seen.add(String(id));
    try {
      const file = fileOf(await client.request(`/upload/files/${encodeURIComponent(String(id))}`, { log: false }));
      if (file) found.files.push(file);
    } catch (err) {
      if (!isGone(err)) found.problems.push(problem(`upload file ${id}`, err));
    }
  }
  try {
    const users = await client.request('/users', { query: { filters }, log: false });
    for (const raw of Array.isArray(users) ? users : []) {
      const u = flat(raw);
      if ((typeof u.id !== 'number' && typeof u.id !== 'string') || !same(u.email)) continue;
      found.accounts.push({
        id: u.id, username: str(u.username), email: str(u.email), provider: str(u.provider),
        confirmed: typeof u.confirmed === 'boolean' ? u.confirmed : null, blocked: typeof u.blocked === 'boolean' ? u.blocked : null, createdAt: str(u.createdAt),
      });
    }
  } catch (err) {
    found.problems.push(problem('users', err));
  }
  return found;
}

/** Deletes what `findInStrapi` found: files first (an entry deleted first would leave them
 * unreferenced), then the entries, then the accounts. Something already gone counts as done. */
export async function eraseInStrapi(client: Client, found: StrapiFindings): Promise<StrapiErasure> {
  const done: StrapiErasure = { entries: 0, files: 0, accounts: 0, problems: [...found.problems] };
  const remove = async (path: string, where: string): Promise<boolean> => {
    try {
      await client.request(path, { method: 'DELETE', log: false });
      return true;
    } catch (err) {
      if (isGone(err)) return false;
      done.problems.push(problem(where, err));
      return false;
    }
  };
  for (const file of found.files) if (await remove(`/upload/files/${encodeURIComponent(String(file.id))}`, `upload file ${file.id}`)) done.files += 1;
  for (const entry of found.entries) if (await remove(`/${encodeURIComponent(entry.collection)}/${encodeURIComponent(entry.id)}`, `${entry.collection} ${entry.id}`)) done.entries += 1;
  for (const account of found.accounts) if (await remove(`/users/${encodeURIComponent(String(account.id))}`, `users ${account.id}`)) done.accounts += 1;
  return done;
}
