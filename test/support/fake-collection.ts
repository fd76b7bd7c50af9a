// A Strapi v5 collection as a responder of the fake content service: POST keeps a record, GET
// finds records by submissionId, any other path is 404. `mode` fails each write the way a real
// service does.
import { randomUUID } from 'node:crypto';
import type { Recorded, Reply } from './fake-content-service';
import { list, strapiError } from './strapi-shapes';
import { answerWrite, type WriteMode } from './write-modes';

export type StoredRecord = { documentId: string; data: Record<string, unknown> };

export type FakeCollection = ReturnType<typeof fakeCollection>;

/** `validationDetails` go in the 400 of `validation-error`, where Strapi puts the rejected value. */
export function fakeCollection(name: string, validationDetails: unknown = {}) {
  const entry = (record: StoredRecord) => ({ id: collection.records.indexOf(record) + 1, documentId: record.documentId, ...record.data });
  const collection = {
    records: [] as StoredRecord[],
    posts: 0,
    gets: 0,
    mode: 'up' as WriteMode,
    /** How late the slow modes answer. */
    slowMs: 1000,
    answer(req: Recorded): Reply {
      if (req.path !== `/api/${name}`) return { status: 404, json: strapiError(404, 'NotFoundError', 'Not Found') };
      if (req.method === 'GET') {
        collection.gets += 1;
        const wanted = new URLSearchParams(req.query).get('filters[submissionId][$eq]');
        return { json: list(collection.records.filter((r) => wanted !== null && r.data.submissionId === wanted).map(entry)) };
      }
      collection.posts += 1;
      const { data } = req.body as { data: Record<string, unknown> };
      return answerWrite(collection.mode, {
        store: () => {
          const record = { documentId: randomUUID().replace(/-/g, '').slice(0, 24), data };
          collection.records.push(record);
          return record;
        },
        created: (record) => ({ data: entry(record), meta: {} }),
        slowMs: collection.slowMs,
        validationError: strapiError(400, 'ValidationError', '1 error occurred', validationDetails),
      });
    },
  };
  return collection;
}
