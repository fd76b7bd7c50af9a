// Without JavaScript no proof-of-work captcha can run. A post the fill time cannot vouch for
// (sent within FORM_MIN_FILL_MS of opening the page: browser autofill, a quick typist), or one
// past the form's budget for posts without captcha (rate-limits.ts), is not refused: the form
// comes back with the answers in it and a line asking to check them and send it once more.
// Its uploads wait on the server, so the visitor does not choose them again.
//
// The second post is accepted when it comes from the same address, for the same form on the
// same page, with a stamp from a page rendered after the question was asked: a script cannot
// replay its first post, it must fetch and read the page that asked, like a person. Each
// question is answered once; uploads go with the question whose answers match the post (two
// pupils behind one address never get each other's file). Questions live in this process's
// memory for half an hour: after a restart, or on another instance, the visitor is asked
// again and only an upload has to be chosen again (the form then says the file is missing).
// The uploads themselves are written down in the durable store (`waiting`, the outbox's
// waiting-uploads.ts) with the address the post gave: an erasure finds and removes them, and
// the upload sweep removes them once the question has expired, at the latest at the next start.
// A file an erasure took is no longer waiting: the confirmation then goes on without it.
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { t } from '../../src/i18n/intl';
import { stepsOf } from '../../src/forms/steps';
import { ipKeyGenerator } from 'express-rate-limit';
import type { Answer } from '../pages/answer';
import { formAgain, keptValues } from './form-again';
import type { Confirmations, FormHooks, FormPost } from './form-post';
import { safeReturnPath } from './form-state';
import type { StoredUpload } from './multipart';
import { removeUploads } from './read-body';
import type { WaitingUploads } from '../store/waiting-uploads';
import { POST_FIELDS } from '../../src/forms/post-protocol';

const QUESTION_TTL_MS = 30 * 60_000;
/** Open questions per address, form and page: a class sending the same form at once. */
const OPEN_PER_CLIENT = 30;

type Question = { at: number; values: string; files: StoredUpload[] };

/** The answers the page shows again: what a confirmation sends back unchanged. */
function shownValues(post: FormPost, hooks: FormHooks): Record<string, string> {
  return hooks.page?.(post).values ?? keptValues(post.fields);
}

/** A digest of the answers (a question keeps no answers: memory stays small, nothing personal). */
const same = (a: Record<string, string>) =>
  createHash('sha256').update(JSON.stringify(Object.entries(a).filter(([, v]) => v !== '').sort(([x], [y]) => (x < y ? -1 : 1)))).digest('base64url');

function clientKey(post: FormPost): string {
  return `${ipKeyGenerator(post.req.ip ?? '')} ${post.def.name} ${safeReturnPath(post.fields[POST_FIELDS.page])}`;
}

export function createConfirmations(opts: { max?: number; waiting?: WaitingUploads } = {}): Confirmations {
  const { waiting } = opts;
  /** The question's files that are still waiting, taken off the durable list. */
  const release = (files: StoredUpload[]) => (waiting ? waiting.release(files) : files);
  const drop = (files: StoredUpload[]) => {
    release(files);
    void removeUploads(files);
  };
  const open = new LRUCache<string, Question[]>({
    max: opts.max ?? 10_000,
    ttl: QUESTION_TTL_MS,
    ttlAutopurge: true,
    // Forgotten questions take their waiting uploads with them.
    dispose: (questions, _key, reason) => {
      if (reason === 'evict' || reason === 'expire') drop(questions.flatMap((q) => q.files));
    },
  });
  return {
    ask(post, hooks, now = Date.now()) {
      const key = clientKey(post);
      const questions = open.get(key) ?? [];
      questions.push({ at: now, values: same(shownValues(post, hooks)), files: post.files });
      waiting?.hold(post.files, { form: post.def.name, email: post.fields.email }, now, now + QUESTION_TTL_MS);
      // The oldest question of a full list is dropped, with its uploads.
      if (questions.length > OPEN_PER_CLIENT) drop(questions.shift()!.files);
      open.set(key, questions);
    },
    confirm(post, hooks, stampedAt) {
      const key = clientKey(post);
      const questions = open.get(key);
      if (!questions) return false;
      const asked = questions.filter((q) => q.at <= stampedAt);
      if (asked.length === 0) return false;
      const values = same(shownValues(post, hooks));
      const question = asked.find((q) => q.values === values) ?? asked.at(-1)!;
      questions.splice(questions.indexOf(question), 1);
      if (questions.length === 0) open.delete(key);
      // The waiting upload of a field the visitor did not send again; only with their own answers.
      const sentAgain = new Set(post.files.map((f) => f.field));
      const still = release(question.files);
      const kept = question.values === values ? still.filter((f) => !sentAgain.has(f.field)) : [];
      post.files.push(...kept);
      // A post's uploads share a folder: it goes when none of them is kept (else the upload
      // sweep takes what no submission refers to).
      if (kept.length === 0) void removeUploads(question.files);
      return true;
    },
  };
}

/** The form again, its answers in it, asking to send it once more: with a stamp made now, after
 * the question was asked, which the confirmation must carry. */
export function askToConfirm(post: FormPost, hooks: FormHooks): Answer {
  const { def, deps, locale, files } = post;
  deps.confirmations.ask(post, hooks);
  deps.logger.info({ form: def.name, files: files.length }, 'post without captcha asked to confirm');
  const messages = [
    t(locale, 'refusal.confirm'),
    ...(files.length > 0 ? [t(locale, 'refusal.confirmFile')] : []),
    ...(def.fields.some((f) => f.type === 'password') ? [t(locale, 'refusal.confirmPassword')] : []),
  ];
  // A form in steps comes back at its last step, where it is sent.
  const steps = stepsOf(def);
  return formAgain(post, hooks, { outcome: 'confirm', status: 200, formErrors: [messages.join(' ')], step: steps ? steps.length : undefined, stamp: 'fresh' });
}
