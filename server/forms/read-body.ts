// A form post's body as fields and stored uploads. Site forms come as multipart (files stream
// to disk, checked against the limit and the allowed types) or urlencoded; the loneliness test
// only ever sends a few short urlencoded fields, so it gets a tighter parser.
//
// Every body within its deadlines (body-guard.ts): multipart within FORM_POST_*, urlencoded
// within those of a small body (30 s at most); a cut one is answered 408 and nothing is kept.
// A post's files are written only when the disk budget has room for them (upload-budget.ts),
// taken as their bytes arrive and only by a form with a file field, per client; without, they
// are dropped unwritten and the form asks for a download link, the other answers kept.
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import express, { type Request, type RequestHandler, type Response } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';
import { UPLOAD_LIMIT_BYTES } from '../../src/forms/constants';
import { fileFieldsOf } from '../../src/forms/catalogue/index';
import type { FormDefinition } from '../../src/forms/definitions/types';
import type { FormRouteDeps } from './form-post';
import type { PostBody } from './form-post';
import { DEFAULT_BODY_TIMEOUTS, smallBodyTimeouts, watchBody, type BodyCut, type BodyTimeouts } from './body-guard';
import { parseMultipart } from './multipart';

const formUrlencoded = express.urlencoded({ extended: true, limit: '100kb', parameterLimit: 200 });
const testUrlencoded = express.urlencoded({ extended: false, limit: '20kb', parameterLimit: 60 });

export async function readFormBody(req: Request, res: Response, def: FormDefinition, deps: FormRouteDeps): Promise<PostBody> {
  if (req.is('multipart/form-data')) {
    const dir = path.join(deps.uploadDir, randomUUID());
    const fileFields = fileFieldsOf(def);
    // A form without a file field stores no file: it asks the budget nothing.
    const room = deps.uploadBudget && fileFields.length ? await deps.uploadBudget.admit(ipKeyGenerator(req.ip ?? '')) : null;
    if (room && !room.ok) req.log?.info({ form: def.name, reason: room.reason }, NO_ROOM);
    const parsed = await parseMultipart(req, { dir, maxTotalBytes: UPLOAD_LIMIT_BYTES, fileFields, timeouts: deps.bodyTimeouts, refuseFiles: room?.ok === false, room: room?.ok ? room : undefined });
    if (room?.ok) {
      room.settle(parsed.ok ? parsed.files.reduce((sum, f) => sum + f.size, 0) : 0);
      if (!parsed.ok && parsed.reason === 'no-room') req.log?.info({ form: def.name, bytes: parsed.bytes }, NO_ROOM);
    }
    if (parsed.ok) return { fields: parsed.fields, files: parsed.files, failure: null };
    // The rest of a too slow body is never read: the answer closes the connection.
    if (parsed.reason === 'too-slow') res.set('Connection', 'close');
    if (parsed.reason === 'too-slow' || parsed.reason === 'aborted') req.log?.info({ form: def.name, reason: parsed.reason, bytes: parsed.bytes }, 'form post cut short; nothing kept');
    return { fields: parsed.fields, files: [], failure: parsed.reason, badField: parsed.field };
  }
  return urlencodedBody(req, res, formUrlencoded, deps.bodyTimeouts, def.name);
}

export async function readTestBody(req: Request, res: Response, def?: FormDefinition, deps?: FormRouteDeps): Promise<PostBody> {
  if (!req.is('application/x-www-form-urlencoded')) return { fields: {}, files: [], failure: 'malformed' };
  return urlencodedBody(req, res, testUrlencoded, deps?.bodyTimeouts ?? DEFAULT_BODY_TIMEOUTS, def?.name ?? 'loneliness-test');
}

const NO_ROOM = 'upload refused: no room on disk (UPLOADS_MAX_MB, DISK_FREE_MIN_MB, or this client\'s share of it)';

/** The fields of a urlencoded body, or `too-slow` past a small body's deadlines. */
async function urlencodedBody(req: Request, res: Response, parser: RequestHandler, timeouts: BodyTimeouts, form: string): Promise<PostBody> {
  let cut: (why: BodyCut) => void = () => {};
  const tooSlow = new Promise<BodyCut>((resolve) => (cut = resolve));
  const parsed = new Promise<void>((resolve, reject) => parser(req, res, (err?: unknown) => (err ? reject(err) : resolve())));
  // Watched once the parser reads: a listener of our own before it would start the flow early.
  const watch = watchBody(req, smallBodyTimeouts(timeouts), { expired: (why) => cut(why), aborted: () => {} });
  const outcome = await Promise.race([parsed.then(() => null), tooSlow]);
  if (outcome !== null) {
    // The rest is never read: the answer closes the connection.
    req.unpipe();
    req.pause();
    res.set('Connection', 'close');
    req.log?.info({ form, reason: 'too-slow', why: outcome, bytes: watch.bytes }, 'form post cut short; nothing kept');
    return { fields: {}, files: [], failure: 'too-slow' };
  }
  const fields: Record<string, string> = {};
  for (const [k, v] of Object.entries((req.body ?? {}) as Record<string, unknown>)) if (typeof v === 'string') fields[k] = v;
  return { fields, files: [], failure: null };
}

export async function removeUploads(files: PostBody['files']): Promise<void> {
  const dirs = new Set(files.map((f) => path.dirname(f.path)));
  await Promise.all([...dirs].map((d) => rm(d, { recursive: true, force: true })));
}
