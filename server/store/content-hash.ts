// What makes two submissions "the same" when no idempotency key ties them together: the form
// and its answers, written the same way whatever order the keys arrived in.
import { createHash } from 'node:crypto';

export type StoredFile = { field: string; path: string; originalName: string; size: number; mime: string };

/** JSON with object keys sorted at every depth, `undefined` left out (as JSON.stringify does). */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value)) ?? 'null';
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => (item === undefined ? null : sortKeys(item)));
  if (value === null || typeof value !== 'object') return value;
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return sortKeys((value as { toJSON(): unknown }).toJSON());
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const item = (value as Record<string, unknown>)[key];
    if (item !== undefined) sorted[key] = sortKeys(item);
  }
  return sorted;
}

/**
 * sha256 of the form name and its data. An uploaded file counts by what the visitor chose
 * (name, size, type), not by where this upload happened to land on disk: a double click sends
 * the same CV twice into two directories.
 */
export function contentHash(form: string, data: Record<string, unknown>, files: readonly StoredFile[] = []): string {
  const comparable: Record<string, unknown> = { ...data };
  for (const file of files) comparable[file.field] = { name: file.originalName, size: file.size, type: file.mime };
  return createHash('sha256').update(form).update('\n').update(canonicalJson(comparable)).digest('hex');
}
