// Rate limits on form posts, per address, per form, per ten minutes. One address is often
// many people: a school class of thirty on the school's network doing the loneliness test in
// a lesson, a youth centre behind one router, a youth worker's phone passed round. The limits
// are sized so that such a group never meets them; what stops a script is the captcha, not
// the count:
// - With JavaScript every post carries a solved proof-of-work captcha (ALTCHA, a fraction of
//   a second of a phone's time, each solution good once): a script pays for every post.
// - Without JavaScript the honeypot and the fill time stand in for it; past the form's
//   budget for such posts, each is asked to confirm (confirm-step.ts: the page again with the
//   answers in it, sent once more), which is as close to a captcha as a page without
//   scripts gets.
// - A result (the loneliness test's) is something to read, not a message to store: it is
//   never refused for volume. What it stores or mails is counted, and past that budget the
//   result is shown and nothing is kept. Only a flood no class comes near (ten results a
//   person in ten minutes, without a captcha) is refused.
// The budgets, for PEOPLE_PER_ADDRESS people:
//   FORM_RATE_LIMIT            all posts of one form: three a person (the post, a resend after
//                              a lost connection or a refused captcha, the test's result mailed)
//   FORM_RATE_LIMIT_NO_CAPTCHA posts of one form without captcha before each is asked to
//                              confirm: one a person
//   confirmations              posts without captcha confirmed (confirm-step.ts): one a person;
//                              past it a confirmation gets the "wait" page
// Only posts that were accepted or refused count; one sent back to correct a mistake (422)
// is a person at work and is taken off the count once answered.
// Mails to an address a visitor typed (a form's confirmation, the test's result) are counted
// apart, over an hour and every form: per client address two a person, per recipient
// MAILS_PER_RECIPIENT whoever asks. Past either the post is stored as ever and that mail is not
// sent: nobody makes the site mail a stranger, or one person over and over.
import { createHash } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator, MemoryStore, rateLimit, type Options, type Store } from 'express-rate-limit';
import { REFUSALS, type Refusal } from './refusal';
import type { Logger } from 'pino';
import { perProcessLimits, type LimitStores } from '../shared/limit-stores';
import { addressKey } from '../../src/forms/address-key';

export const FORM_LIMIT_WINDOW_MS = 10 * 60_000;
/** The most people behind one address the limits are sized for: a school class. */
export const PEOPLE_PER_ADDRESS = 30;
export const DEFAULT_FORM_RATE_LIMIT = PEOPLE_PER_ADDRESS * 3;
export const DEFAULT_FORM_RATE_LIMIT_NO_CAPTCHA = PEOPLE_PER_ADDRESS;
/** Results shown without a captcha per address, past which a post is refused: a flood. */
const RESULTS_WITHOUT_CAPTCHA_PER_PERSON = 10;
/** The window of the mails to visitors: a lesson's worth. */
export const VISITOR_MAIL_WINDOW_MS = 60 * 60_000;
/** Mails to one recipient in that window, whoever asks: a person sends a few forms, not more. */
export const MAILS_PER_RECIPIENT = 5;
/** Mails to visitors per client address in that window, for each person behind it. */
const MAILS_PER_PERSON = 2;

export type RateLimitSettings = { windowMs: number; limit: number; limitWithoutCaptcha: number };

export type FormRateLimits = {
  /** Before the body is read: every post of a form that stores (not a result); 429 past the budget. */
  posts: RequestHandler;
  /** A post without captcha, counted: false when past the form's budget for them. */
  withoutCaptcha(req: Request, res: Response): Promise<boolean>;
  /** A result shown without captcha, counted: false when it is a flood (to refuse). */
  resultWithoutCaptcha(req: Request, res: Response): Promise<boolean>;
  /** What a result stores or mails, counted: false when past the budget (show it, keep nothing). */
  resultWrites(req: Request, res: Response): Promise<boolean>;
  /** A post without captcha confirmed (confirm-step.ts), counted: false when past the form's budget for them. */
  confirmed(req: Request, res: Response): Promise<boolean>;
  /** A mail to `recipient`, the address the visitor typed, counted per client and per recipient:
   * false when past either budget (then the post is kept, and the mail not sent). */
  visitorMail(req: Request, recipient: string): Promise<boolean>;
};

const clientOf = (req: Request) => ipKeyGenerator(req.ip ?? '');
const formOf = (req: Request) => String(req.params.form ?? '');

/** `stores`: where each budget counts (server/shared/limit-stores.ts); this process's memory by default. */
/** Past a budget that refuses (`posts`, a flood of results), the limiter notes the refusal and
 * answers nothing itself: the route sends it (server/pages/answer-writer.ts). */
const REFUSAL_KEY = 'formRefusal';

/** The refusal a rate limit noted on this response, if any. */
export function formRefusal(res: Response): Refusal | undefined {
  return res.locals[REFUSAL_KEY] as Refusal | undefined;
}

export function formRateLimits(settings: RateLimitSettings, stores: LimitStores = perProcessLimits): FormRateLimits {
  const handler = (_req: Request, res: Response, next: NextFunction) => {
    res.locals[REFUSAL_KEY] = REFUSALS.rateLimited;
    next();
  };
  const common = {
    windowMs: settings.windowMs,
    legacyHeaders: false,
    skipFailedRequests: true,
    requestWasSuccessful: (_req: Request, res: Response) => res.statusCode !== 422,
  };
  // A budget that answers nothing itself: the pipeline decides what "past it" means.
  const counted = (name: string, limit: number) => {
    const over = `${name}Over`;
    const mw = rateLimit({
      ...common,
      limit,
      standardHeaders: false,
      store: stores(`form-${name}`),
      keyGenerator: (req) => `${name}:${formOf(req)}:${clientOf(req)}`,
      handler: (_req, res, next) => {
        res.locals[over] = true;
        next();
      },
    });
    return (req: Request, res: Response) =>
      new Promise<boolean>((resolve, reject) => void mw(req, res, (err?: unknown) => (err ? reject(err) : resolve(res.locals[over] !== true))));
  };
  const flood = rateLimit({
    ...common,
    limit: settings.limitWithoutCaptcha * RESULTS_WITHOUT_CAPTCHA_PER_PERSON,
    standardHeaders: 'draft-8',
    store: stores('form-results'),
    keyGenerator: (req) => `results:${formOf(req)}:${clientOf(req)}`,
    handler,
  });
  const mailsByClient = budget(stores('visitor-mail-client'), VISITOR_MAIL_WINDOW_MS, settings.limitWithoutCaptcha * MAILS_PER_PERSON);
  const mailsByRecipient = budget(stores('visitor-mail-recipient'), VISITOR_MAIL_WINDOW_MS, MAILS_PER_RECIPIENT);
  return {
    posts: rateLimit({ ...common, limit: settings.limit, standardHeaders: 'draft-8', store: stores('form-posts'), keyGenerator: (req) => `posts:${formOf(req)}:${clientOf(req)}`, handler }),
    withoutCaptcha: counted('nocaptcha', settings.limitWithoutCaptcha),
    resultWrites: counted('result-writes', settings.limit),
    confirmed: counted('confirmed', settings.limitWithoutCaptcha),
    // The client's budget first: a client past its own does not use up the recipient's.
    visitorMail: async (req, recipient) => (await mailsByClient(`client:${clientOf(req)}`)) && (await mailsByRecipient(`recipient:${recipientKey(recipient)}`)),
    resultWithoutCaptcha: (req, res) =>
      new Promise<boolean>((resolve, reject) => void flood(req, res, (err?: unknown) => (err ? reject(err) : resolve(formRefusal(res) === undefined)))),
  };
}

/** A count of its own over `windowMs` in `store` (this process's memory when none): true while
 * the key's count, this one included, is within `limit`. For keys that are no request's. */
function budget(store: Store | undefined, windowMs: number, limit: number): (key: string) => Promise<boolean> {
  const counts = store ?? new MemoryStore();
  const ready = Promise.resolve(counts.init?.({ windowMs } as Options));
  return async (key) => {
    await ready;
    return (await counts.increment(key)).totalHits <= limit;
  };
}

/** One key for an address however it is typed (the site's one address key: case in any script,
 * spaces, composed letters), and no address in the shared store: a digest of it. */
function recipientKey(address: string): string {
  return createHash('sha256').update(addressKey(address)).digest('base64url');
}

/** Whether a mail to the address the visitor typed is within the budgets; a line when it is not. */
export async function visitorMailAllowed(req: Request, limits: FormRateLimits, logger: Logger, address: string): Promise<boolean> {
  if (await limits.visitorMail(req, address)) return true;
  (req.log ?? logger).info({ form: formOf(req) }, 'mail to the visitor not sent: past the budget of mails to this address or from this client');
  return false;
}
