// A form post's body as fields and stored uploads. Site forms come as multipart (files stream
// to disk, checked against the limit and the allowed types) or urlencoded; the loneliness test
// only ever sends a few short urlencoded fields, so it gets a tighter parser.
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import express, { type Request, type RequestHandler, type Response } from 'express';
import { UPLOAD_LIMIT_BYTES } from '../../src/forms/constants';
import { fileFieldsOf } from '../../src/forms/catalogue/index';
import type { FormDefinition } from '../../src/forms/definitions/types';
import type { FormRouteDeps } from './form-routes';
import type { PostBody } from './form-post';
import { parseMultipart } from './multipart';

const formUrlencoded = express.urlencoded({ extended: true, limit: '100kb', parameterLimit: 200 });
const testUrlencoded = express.urlencoded({ extended: false, limit: '20kb', parameterLimit: 60 });

export async function readFormBody(req: Request, res: Response, def: FormDefinition, deps: FormRouteDeps): Promise<PostBody> {
  if (req.is('multipart/form-data')) {
    const dir = path.join(deps.uploadDir, randomUUID());
    const parsed = await parseMultipart(req, { dir, maxTotalBytes: UPLOAD_LIMIT_BYTES, fileFields: fileFieldsOf(def), timeouts: deps.bodyTimeouts });
    if (parsed.ok) return { fields: parsed.fields, files: parsed.files, failure: null };
    // The rest of a too slow body is never read: the answer closes the connection.
    if (parsed.reason === 'too-slow') res.set('Connection', 'close');
    if (parsed.reason === 'too-slow' || parsed.reason === 'aborted') req.log?.info({ form: def.name, reason: parsed.reason, bytes: parsed.bytes }, 'form post cut short; nothing kept');
    return { fields: parsed.fields, files: [], failure: parsed.reason, badField: parsed.field };
  }
  return { fields: await urlencodedFields(req, res, formUrlencoded), files: [], failure: null };
}

export async function readTestBody(req: Request, res: Response): Promise<PostBody> {
  if (!req.is('application/x-www-form-urlencoded')) return { fields: {}, files: [], failure: 'malformed' };
  return { fields: await urlencodedFields(req, res, testUrlencoded), files: [], failure: null };
}

async function urlencodedFields(req: Request, res: Response, parser: RequestHandler): Promise<Record<string, string>> {
  await new Promise<void>((resolve, reject) => parser(req, res, (err?: unknown) => (err ? reject(err) : resolve())));
  const fields: Record<string, string> = {};
  for (const [k, v] of Object.entries((req.body ?? {}) as Record<string, unknown>)) if (typeof v === 'string') fields[k] = v;
  return fields;
}

export async function removeUploads(files: PostBody['files']): Promise<void> {
  const dirs = new Set(files.map((f) => path.dirname(f.path)));
  await Promise.all([...dirs].map((d) => rm(d, { recursive: true, force: true })));
}
