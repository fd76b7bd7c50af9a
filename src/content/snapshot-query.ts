import { isObject } from './errors';
import { SnapshotQueryError } from './snapshot-errors';

/**
 * The part of Strapi's REST query language the site uses, applied to in-memory records:
 * `filters` (field, nested relation and logical operators), `sort`, `pagination`, `fields`.
 * Query values may arrive as strings (parsed from a URL) or typed (from the client), so
 * comparisons coerce the query value to the record value's type.
 */
type Rec = Record<string, unknown>;

const collator = new Intl.Collator('nl', { numeric: true });

type Operator = (actual: unknown, expected: unknown) => boolean;

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
const list = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : isObject(value) ? Object.values(value) : [value];

const OPERATORS: Record<string, Operator> = {
  $eq: (a, e) => equals(a, e),
  $eqi: (a, e) => text(a).toLowerCase() === text(e).toLowerCase(),
  $ne: (a, e) => !equals(a, e),
  $in: (a, e) => list(e).some((item) => equals(a, item)),
  $notIn: (a, e) => !list(e).some((item) => equals(a, item)),
  $contains: (a, e) => typeof a === 'string' && a.includes(text(e)),
  $notContains: (a, e) => typeof a === 'string' && !a.includes(text(e)),
  $containsi: (a, e) => typeof a === 'string' && a.toLowerCase().includes(text(e).toLowerCase()),
  $notContainsi: (a, e) => typeof a === 'string' && !a.toLowerCase().includes(text(e).toLowerCase()),
  $startsWith: (a, e) => typeof a === 'string' && a.startsWith(text(e)),
  $endsWith: (a, e) => typeof a === 'string' && a.endsWith(text(e)),
  $null: (a, e) => (a === null || a === undefined) === truthy(e),
  $notNull: (a, e) => (a !== null && a !== undefined) === truthy(e),
  $lt: (a, e) => compareTo(a, e) < 0,
  $lte: (a, e) => compareTo(a, e) <= 0,
  $gt: (a, e) => compareTo(a, e) > 0,
  $gte: (a, e) => compareTo(a, e) >= 0,
};

export function filterRecords(records: readonly Rec[], filters: unknown): Rec[] {
  if (filters === undefined || filters === null || filters === '') return [...records];
  if (!isObject(filters)) throw new SnapshotQueryError('Invalid filters', 'filters');
  return records.filter((record) => matches(record, filters));
}

function matches(value: unknown, condition: Rec): boolean {
  return Object.entries(condition).every(([key, expected]) => {
    if (key === '$and') return list(expected).every((c) => isObject(c) && matches(value, c));
    if (key === '$or') return list(expected).some((c) => isObject(c) && matches(value, c));
    if (key === '$not') return isObject(expected) && !matches(value, expected);
    if (key.startsWith('$')) {
      const operator = OPERATORS[key];
      if (!operator) throw new SnapshotQueryError(`Invalid key ${key}`, 'filters', key);
      return anyOf(value, (v) => operator(v, expected));
    }
    const field = (v: unknown) => (isObject(v) ? v[key] : undefined);
    // `filters[slug]=x` is shorthand for `filters[slug][$eq]=x`.
    if (!isObject(expected)) return anyOf(value, (v) => anyOf(field(v), (f) => equals(f, expected)));
    return anyOf(value, (v) => matches(field(v), expected));
  });
}

/** To-many relations: a condition holds when it holds for one of the related records. */
function anyOf(value: unknown, test: (v: unknown) => boolean): boolean {
  return Array.isArray(value) ? value.some(test) : test(value);
}

function equals(actual: unknown, expected: unknown): boolean {
  if (actual === null || actual === undefined) return expected === null || expected === undefined;
  return compareTo(actual, expected) === 0;
}

function compareTo(actual: unknown, expected: unknown): number {
  if (actual === null || actual === undefined) return Number.NaN;
  if (typeof actual === 'number') return actual - Number(expected);
  if (typeof actual === 'boolean') return Number(actual) - Number(truthy(expected));
  const a = text(actual);
  const e = expected instanceof Date ? expected.toISOString() : text(expected);
  return a < e ? -1 : a > e ? 1 : 0;
}

function truthy(value: unknown): boolean {
  return value === true || value === 'true' || value === 1 || value === '1';
}

/** `sort=title:asc`, `sort[0]=date:desc&sort[1]=title`, `sort=a:asc,b:desc` or `{ title: 'asc' }`. */
export function sortRecords(records: Rec[], sort: unknown): Rec[] {
  const keys = list(sort ?? [])
    .flatMap((item) =>
      isObject(item) ? Object.entries(item).map(([f, d]) => `${f}:${text(d)}`) : text(item).split(','),
    )
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => {
      const [field = '', direction = 'asc'] = item.split(':');
      const dir = direction.toLowerCase();
      if (dir !== 'asc' && dir !== 'desc') throw new SnapshotQueryError(`Invalid sort ${item}`, 'sort');
      return { path: field.split('.'), sign: dir === 'asc' ? 1 : -1 };
    });
  if (keys.length === 0) return records;
  return [...records].sort((x, y) => {
    for (const { path, sign } of keys) {
      const a = pick(x, path);
      const b = pick(y, path);
      // Missing values go last whichever the direction, as PostgreSQL does for ascending order.
      if (a == null || b == null) {
        if (a == null && b == null) continue;
        return a == null ? 1 : -1;
      }
      const order =
        typeof a === 'number' && typeof b === 'number' ? a - b : collator.compare(text(a), text(b));
      if (order !== 0) return order * sign;
    }
    return 0;
  });
}

function pick(record: unknown, path: readonly string[]): unknown {
  return path.reduce<unknown>((value, key) => (isObject(value) ? value[key] : undefined), record);
}

export type Page = { records: Rec[]; pagination: Rec };

const DEFAULT_PAGE_SIZE = 25;
/** Strapi's default `api.rest.maxLimit`. */
const MAX_PAGE_SIZE = 100;

export function paginate(records: Rec[], pagination: unknown): Page {
  const p = isObject(pagination) ? pagination : {};
  const total = records.length;
  const number = (key: string, fallback: number, min: number) => {
    const raw = p[key];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min) {
      throw new SnapshotQueryError(`Invalid pagination ${key}`, 'pagination', key);
    }
    return value;
  };
  const byOffset = p.start !== undefined || p.limit !== undefined;
  if (byOffset && (p.page !== undefined || p.pageSize !== undefined)) {
    throw new SnapshotQueryError('Invalid pagination attributes: use page and pageSize, or start and limit', 'pagination');
  }
  if (byOffset) {
    const start = number('start', 0, 0);
    const limit = Math.min(number('limit', DEFAULT_PAGE_SIZE, 1), MAX_PAGE_SIZE);
    return { records: records.slice(start, start + limit), pagination: { start, limit, total } };
  }
  const page = number('page', 1, 1);
  const pageSize = Math.min(number('pageSize', DEFAULT_PAGE_SIZE, 1), MAX_PAGE_SIZE);
  return {
    records: records.slice((page - 1) * pageSize, page * pageSize),
    pagination: { page, pageSize, pageCount: Math.ceil(total / pageSize), total },
  };
}

/** `fields` keeps the listed attributes; `id` and `documentId` always stay, as in Strapi. */
export function selectFields(record: Rec, fields: unknown): Rec {
  if (fields === undefined || fields === '') return record;
  const wanted = new Set(['id', 'documentId', ...list(fields).flatMap((f) => text(f).split(','))]);
  return Object.fromEntries(Object.entries(record).filter(([key]) => wanted.has(key)));
}
