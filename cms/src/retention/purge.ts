// The retention task: every collection of visitors' records loses what is older than its period
// (src/retention/rules.ts), in batches, with the files uploaded with each record. Logs counts
// per collection only, never what a record held.
import type { Core } from '@strapi/strapi';
import { cutoffOf, type RetentionRule } from './rules';

const BATCH = 100;
/** Enough for any backlog a day builds; the rest waits for the next run. */
const MAX_BATCHES_PER_RUN = 50;

type Found = { documentId: string } & Record<string, unknown>;
type FileRef = { id: number | string };

export type PurgeCounts = Record<string, { records: number; files: number }>;

export async function purgeExpired(strapi: Core.Strapi, rules: readonly RetentionRule[], now = new Date()): Promise<PurgeCounts> {
  const counts: PurgeCounts = {};
  for (const rule of rules) {
    const cutoff = cutoffOf(rule, now).toISOString();
    const documents = strapi.documents(rule.uid as never);
    let records = 0;
    let files = 0;
    for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch++) {
      const due = (await documents.findMany({
        filters: { createdAt: { $lt: cutoff } },
        fields: ['documentId'],
        populate: Object.fromEntries(rule.files.map((f) => [f, { fields: ['id'] }])),
        limit: BATCH,
      } as never)) as unknown as Found[];
      if (due.length === 0) break;
      for (const record of due) {
        for (const field of rule.files) files += await removeFiles(strapi, record[field]);
        await documents.delete({ documentId: record.documentId } as never);
        records++;
      }
      if (due.length < BATCH) break;
    }
    if (records > 0) counts[rule.collection] = { records, files };
  }
  return counts;
}

/** Deletes a record's uploaded file(s) from the media library and the upload provider. */
async function removeFiles(strapi: Core.Strapi, value: unknown): Promise<number> {
  const refs = (Array.isArray(value) ? value : value ? [value] : []) as FileRef[];
  let removed = 0;
  for (const ref of refs) {
    const file = await strapi.db.query('plugin::upload.file').findOne({ where: { id: ref.id } });
    if (!file) continue;
    await strapi.plugin('upload').service('upload').remove(file);
    removed++;
  }
  return removed;
}

/** One run, as the cron task calls it: never throws (a failed run is logged and retried tomorrow). */
export async function runRetention(strapi: Core.Strapi, rules: readonly RetentionRule[]): Promise<void> {
  const started = Date.now();
  try {
    const counts = await purgeExpired(strapi, rules);
    const total = Object.values(counts).reduce((n, c) => n + c.records, 0);
    const detail = Object.entries(counts).map(([collection, c]) => `${collection} ${c.records}${c.files ? ` (+${c.files} files)` : ''}`).join(', ');
    strapi.log.info(`[retention] removed ${total} expired record(s)${detail ? `: ${detail}` : ''} in ${Date.now() - started} ms`);
  } catch (error) {
    strapi.log.error(`[retention] run failed: ${(error as Error).message}`);
  }
}
