// Without JavaScript no proof-of-work captcha can run. A post the fill time cannot vouch for
// (sent within FORM_MIN_FILL_MS of opening the page: browser autofill, a quick typist), or one
// past the form's budget for posts without captcha (rate-limits.ts), is not refused: the form
// comes back with the answers in it and a line asking to check them and send it once more.
// Its uploads wait on the server, so the visitor does not choose them again.
//
// The second post is a person's second look, so it is held to what holds a first one:
// - it carries the stamp of the very page that asked (made with the question), from the same
//   address, for the same form on the same page: a script must fetch and read that page;
// - it comes at least the fill time after that page: one sooner is asked again (the same
//   answers, its uploads carried to the new question), not taken;
// - each question's stamp answers once: the question is then closed, and the stamp is noted as
//   spent (in the shared store with replicas) for as long as a stamp is valid, so a post that
//   carries it again, here or on another replica, is asked once more, never taken on its stamp;
// - confirmations count per address and form (rate-limits.ts: one a person).
// Two pupils behind one address never get each other's file: uploads go with the question
// whose answers match the post. Questions live in this process's memory for half an hour:
// after a restart, or on another instance, the visitor is asked again and only an upload has
// to be chosen again (the form then says the file is missing).
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
import { POST_FIELDS } from '../../src/forms/post-protocol';
import { STAMP_MAX_AGE_MS } from './bot-guard';
import { memoryRecords, type SharedRecords } from '../shared/records';
import type { WaitingUploads } from '../store/waiting-uploads';

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

/** The record that says a question's stamp was used: a digest (no address in the shared store). */
const spentKey = (post: FormPost, stampedAt: number) => `confirm-spent:${createHash('sha256').update(`${clientKey(post)} ${stampedAt}`).digest('base64url')}`;

/** `spent`: where used question stamps are noted (the shared store's records with replicas).
 * `waiting`: the durable list of uploads waiting for a confirmation. */
export function createConfirmations(opts: { max?: number; spent?: SharedRecords; waiting?: WaitingUploads } = {}): Confirmations {
  const spent = opts.spent ?? memoryRecords(50_000);
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

  /** The open question this post answers (asked at `stampedAt`, the stamp its page carried), taken off. */
  const take = (post: FormPost, hooks: FormHooks, stampedAt: number): Question | undefined => {
    const key = clientKey(post);
    const questions = open.get(key);
    const asked = questions?.filter((q) => q.at === stampedAt) ?? [];
    if (!questions || asked.length === 0) return undefined;
    const values = same(shownValues(post, hooks));
    const question = asked.find((q) => q.values === values) ?? asked.at(-1)!;
    questions.splice(questions.indexOf(question), 1);
    if (questions.length === 0) open.delete(key);
    // The waiting upload of a field the visitor did not send again; only with their own answers.
    const sentAgain = new Set(post.files.map((f) => f.field));
    const still = release(question.files);
    const kept = question.values === values ? still.filter((f) => !sentAgain.has(f.field)) : [];
    post.files.push(...kept);
    // A post's uploads share a folder: it goes when none of them is kept (else the sweep takes
    // what no submission refers to).
    if (kept.length === 0) void removeUploads(question.files);
    return question;
  };

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
    async answer(post, hooks, stampedAt) {
      if (take(post, hooks, stampedAt)) {
        // Noted before the answer is judged: used is used, taken or asked again.
        await spent.set(spentKey(post, stampedAt), '1', STAMP_MAX_AGE_MS).catch(() => undefined);
        return 'answered';
      }
      // Redis away: judged as any stamp is, within the budget for posts without captcha.
      return (await spent.get(spentKey(post, stampedAt)).catch(() => null)) ? 'spent' : 'none';
    },
  };
}

/** The form again, its answers in it, asking to send it once more: with the question's own
 * stamp, which the confirmation must carry. */
export function askToConfirm(post: FormPost, hooks: FormHooks): Answer {
  const { def, deps, locale, files } = post;
  // The question and its page's stamp are made at the same moment: the confirmation must carry
  // exactly this stamp, and comes no sooner than the fill time after it.
  const now = Date.now();
  deps.confirmations.ask(post, hooks, now);
  deps.logger.info({ form: def.name, files: files.length }, 'post without captcha asked to confirm');
  const messages = [
    t(locale, 'refusal.confirm'),
    ...(files.length > 0 ? [t(locale, 'refusal.confirmFile')] : []),
    ...(def.fields.some((f) => f.type === 'password') ? [t(locale, 'refusal.confirmPassword')] : []),
  ];
  // A form in steps comes back at its last step, where it is sent.
  const steps = stepsOf(def);
  return formAgain(post, hooks, { outcome: 'confirm', status: 200, formErrors: [messages.join(' ')], step: steps ? steps.length : undefined, stamp: { made: deps.stamps.stamp(now) } });
}
