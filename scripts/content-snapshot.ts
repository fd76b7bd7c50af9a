/**
 * Writes the embedded content snapshot (`content/snapshot/`, `content/uploads/`) from a running
 * Strapi, so the committed content can be refreshed from the real service:
 *
 *   STRAPI_URL=https://cms.example.org [STRAPI_TOKEN=...] [STRAPI_VERSION=v4|v5] npm run content:snapshot [-- --out <dir>]
 *
 * `--out <dir>` writes `<dir>/snapshot/...` and `<dir>/uploads/...` instead of `content/` (a test
 * writes to a temporary folder and compares with `scripts/snapshot-diff.ts`). STRAPI_TOKEN, when
 * set, is sent as a bearer token.
 *
 * Everything is fetched and validated against the content model first; nothing is written unless
 * every record passes, so a bad entry in Strapi cannot break the committed snapshot.
 *
 * The snapshot keeps what the site reads, so a refresh changes only when the content does. What
 * Strapi answers beyond that is left out (see {@link trimRecord}):
 * - media: the fields of the model's media schema and `ext`; not the storage details (hash,
 *   size, formats, previewUrl, provider, provider_metadata, focalPoint) nor the file's own dates;
 * - a relation inlined in a record (a location's district, a partner-item's partner): the fields
 *   of the model's reference schema for it; the target's full record is in its own file.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import {
  collectionNames,
  collectionPopulate,
  collectionSchemas,
  districtRefSchema,
  mediaSchema,
  partnerRefSchema,
  localesSchema,
  navigationNames,
  navigationSchema,
  singleTypeNames,
  singleTypePopulate,
  singleTypeSchemas,
  type Populate,
} from '../src/content/model';

const baseUrl = (process.env.STRAPI_URL ?? '').replace(/\/+$/, '');
const token = process.env.STRAPI_TOKEN;
const version = process.env.STRAPI_VERSION ?? 'v5';
const PAGE_SIZE = 100;
const TIMEOUT_MS = 30_000;
const { values: args } = parseArgs({ options: { out: { type: 'string' } } });
const root = args.out ? pathToFileURL(`${resolve(args.out)}/`) : new URL('../content/', import.meta.url);

type Query = Record<string, unknown>;
type Json = Record<string, unknown>;

/** Bracket-style keys as Strapi's qs parser reads them: `populate[blocks][on][blocks.faq][populate][items]=true`. */
function serialise(query: Query): string {
  const params = new URLSearchParams();
  const add = (key: string, value: unknown): void => {
    if (value === undefined || value === null) return;
    if (Array.isArray(value)) value.forEach((v, i) => add(`${key}[${i}]`, v));
    else if (typeof value === 'object') for (const [k, v] of Object.entries(value)) add(`${key}[${k}]`, v);
    else params.append(key, String(value));
  };
  for (const [k, v] of Object.entries(query)) add(k, v);
  return params.toString();
}

async function get(path: string, query: Query = {}): Promise<{ status: number; body: unknown }> {
  const qs = serialise(query);
  const url = `${baseUrl}/api${path}${qs ? `?${qs}` : ''}`;
  const response = await fetch(url, {
    headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok && response.status !== 404) {
    throw new Error(`GET ${path} answered ${response.status}: ${JSON.stringify(body)}`);
  }
  return { status: response.status, body };
}

/**
 * v4 wraps every record in `{id, attributes}` and every relation and media field in `{data}`;
 * v5 answers the flat shape the snapshot keeps. Components and dynamic zones are never wrapped.
 */
function flatten(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(flatten);
  if (!value || typeof value !== 'object') return value;
  const object = value as Json;
  const keys = Object.keys(object);
  if (keys.includes('data') && keys.every((k) => k === 'data' || k === 'meta')) return flatten(object.data);
  if (object.attributes && typeof object.attributes === 'object') {
    const { attributes, ...rest } = object;
    return flatten({ ...rest, ...(attributes as Json) });
  }
  return Object.fromEntries(keys.map((k) => [k, flatten(object[k])]));
}
const normalise = (value: unknown) => (version === 'v4' ? flatten(value) : value);

async function fetchCollection(name: string, locale: string, populate: Populate): Promise<unknown[]> {
  const records: unknown[] = [];
  for (let page = 1; ; page++) {
    // In row order, as the snapshot keeps them: without a sort PostgreSQL may answer in any order.
    const { status, body } = await get(`/${name}`, { ...(populate as Query), locale, sort: ['id:asc'], pagination: { page, pageSize: PAGE_SIZE } });
    if (status === 404) throw new Error(`collection ${name} does not exist on ${baseUrl}`);
    const { data, meta } = body as { data: unknown[]; meta?: { pagination?: { pageCount?: number } } };
    records.push(...data.map(normalise));
    if (page >= (meta?.pagination?.pageCount ?? 1)) return records;
  }
}

/** TREE answers carry an external URL in `path`; the snapshot keeps it in `externalPath` too. */
function withExternalPaths(items: unknown): unknown {
  if (!Array.isArray(items)) return items;
  return items.map((raw: Json) => {
    const item: Json = { ...raw, items: withExternalPaths(raw.items) };
    if (item.type !== 'EXTERNAL') return { ...item, externalPath: item.externalPath ?? null };
    const url = item.externalPath ?? item.path;
    return { ...item, path: url, externalPath: url };
  });
}

const MEDIA_KEYS = new Set([...Object.keys(mediaSchema.shape), 'ext']);
const DISTRICT_REF_KEYS = new Set(Object.keys(districtRefSchema.shape));
const PARTNER_REF_KEYS = new Set(Object.keys(partnerRefSchema.shape));

const pick = (object: Json, keys: Set<string>): Json => Object.fromEntries(Object.entries(object).filter(([k]) => keys.has(k)));
const isMediaObject = (value: Json) => typeof value.url === 'string' && typeof value.mime === 'string';

/** Media anywhere in `value` cut down to {@link MEDIA_KEYS}. */
function trimMedia(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(trimMedia);
  if (!value || typeof value !== 'object') return value;
  const object = value as Json;
  if (isMediaObject(object)) return pick(object, MEDIA_KEYS);
  return Object.fromEntries(Object.entries(object).map(([k, v]) => [k, trimMedia(v)]));
}

/** A record as the snapshot keeps it: inlined relations as their reference schemas, media trimmed. */
function trimRecord(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return trimMedia(value);
  const record = { ...(value as Json) };
  if (record.district && typeof record.district === 'object' && 'slug' in record.district) {
    record.district = pick(record.district as Json, DISTRICT_REF_KEYS);
  }
  if (Array.isArray(record.blocks)) {
    record.blocks = record.blocks.map((block: Json) =>
      block?.__component === 'blocks.partner-item' && block.partner && typeof block.partner === 'object'
        ? { ...block, partner: pick(block.partner as Json, PARTNER_REF_KEYS) }
        : block,
    );
  }
  return trimMedia(record);
}

const files = new Map<string, unknown>();
const problems: string[] = [];

function keep(file: string, label: string, schema: { safeParse(v: unknown): { success: boolean; data?: unknown; error?: Error } }, value: unknown) {
  const result = schema.safeParse(value);
  if (result.success) files.set(file, trimRecord(result.data));
  else problems.push(`${label}: ${result.error?.message}`);
}

function keepList(file: string, label: string, schema: Parameters<typeof keep>[2], records: unknown[]) {
  const out: unknown[] = [];
  records.forEach((record, i) => {
    const result = schema.safeParse(record);
    if (result.success) out.push(trimRecord(result.data));
    else problems.push(`${label} #${i} (${String((record as Json)?.slug ?? '')}): ${result.error?.message}`);
  });
  files.set(file, out);
}

/** Every `/uploads/...` file the records point at, including Strapi's resized formats. */
function uploadsIn(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => uploadsIn(v, found));
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (key === 'url' && typeof v === 'string' && v.startsWith('/uploads/')) found.add(v);
      else uploadsIn(v, found);
    }
  }
  return found;
}

async function main(): Promise<void> {
  if (!baseUrl) throw new Error('Set STRAPI_URL to the content service, e.g. http://localhost:1337');
  if (version !== 'v4' && version !== 'v5') throw new Error(`STRAPI_VERSION must be v4 or v5, not ${version}`);

  const locales = localesSchema.parse((await get('/i18n/locales')).body);
  files.set('snapshot/i18n/locales.json', locales);

  for (const { code: locale } of locales) {
    for (const name of collectionNames) {
      const records = await fetchCollection(name, locale, collectionPopulate[name]);
      keepList(`snapshot/${locale}/${name}.json`, `${locale}/${name}`, collectionSchemas[name], records);
    }
    for (const name of singleTypeNames) {
      const { status, body } = await get(`/${name}`, { ...(singleTypePopulate[name] as Query), locale });
      if (status === 404) {
        console.warn(`${locale}/single/${name}: not in Strapi for this locale, skipped`);
        continue;
      }
      keep(`snapshot/${locale}/single/${name}.json`, `${locale}/single/${name}`, singleTypeSchemas[name], normalise((body as Json).data));
    }
    for (const name of navigationNames) {
      const { status, body } = await get(`/navigation/render/${name}`, { type: 'TREE', locale });
      if (status === 404) {
        console.warn(`navigation ${name} (${locale}): not found, skipped`);
        continue;
      }
      keep(`snapshot/navigation/${locale}/${name}.json`, `navigation ${name} (${locale})`, navigationSchema, withExternalPaths(body));
    }
  }

  if (problems.length > 0) {
    console.error(`Nothing written: ${problems.length} record(s) do not match the content model.\n${problems.join('\n')}`);
    process.exitCode = 1;
    return;
  }

  for (const [file, data] of files) {
    const target = new URL(file, root);
    await mkdir(new URL('.', target), { recursive: true });
    await writeFile(target, `${JSON.stringify(data, null, 2)}\n`);
  }
  await mkdir(new URL('uploads/', root), { recursive: true });
  const uploads = uploadsIn([...files.values()]);
  for (const url of uploads) {
    const response = await fetch(`${baseUrl}${url}`, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
    await writeFile(new URL(`uploads/${basename(url)}`, root), Buffer.from(await response.arrayBuffer()));
  }
  console.log(`Wrote ${files.size} snapshot files and ${uploads.size} uploads to ${root.pathname}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
