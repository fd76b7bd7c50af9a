import type { Logger } from 'pino';
import { z } from 'zod';
import { isObject } from './errors';

/**
 * Checks records against a schema one by one. A malformed record is logged and skipped, never
 * thrown: one bad entry in the CMS must not take a whole page down.
 */
export function parseRecords<T>(
  records: unknown,
  schema: z.ZodType<T> | undefined,
  logger: Logger,
  source: string,
): T[] {
  if (!Array.isArray(records)) {
    logger.warn({ source }, 'content service answered something other than a list; treated as empty');
    return [];
  }
  const parsed: T[] = [];
  for (const record of records) {
    const one = parseRecord(record, schema, logger, source);
    if (one !== null) parsed.push(one);
  }
  return parsed;
}

export function parseRecord<T>(
  record: unknown,
  schema: z.ZodType<T> | undefined,
  logger: Logger,
  source: string,
): T | null {
  if (record === null || record === undefined) return null;
  if (!schema) {
    if (isObject(record)) return record as T;
    logger.warn({ source }, 'malformed content record skipped: not an object');
    return null;
  }
  const result = schema.safeParse(record);
  if (result.success) return result.data;
  const id = isObject(record) ? (record.documentId ?? record.id) : undefined;
  logger.warn(
    { source, id, issues: z.prettifyError(result.error) },
    'malformed content record skipped',
  );
  return null;
}
