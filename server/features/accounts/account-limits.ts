// Guessing a password or a reset code is slowed down without letting anyone lock an account.
// Wrong tries count per account and client: past `perAddress` of them, that client must solve
// the captcha for each further try on that account (a hard refusal would let anyone keep the
// owner out). Past `perAccount` wrong tries from all clients together, everyone must: an attack
// spread over many addresses is slowed down too, while the owner who solves the captcha is never
// refused. Past `perIp` wrong tries on any accounts, a client is refused outright: that is the
// guesser's own address. A try that works is no guess and does not count, so a school class
// logging in behind one address is never held up.
//
// Registering counts every post (the mail it sends goes to the address typed), per address and
// client and per address, with the captcha step past them, and per client. Mails to an address
// that already has an account (forgot password, the confirmation again) count every post per
// address and client, refused outright past `perAddress` (nobody fills another's inbox from one
// place), and per address from all clients together, with the captcha step past `perAccount`:
// others asking for mails to the owner's address never use up the owner's own budget.
//
// The captcha step works without JavaScript too: a post without a captcha goes on after a wait
// (no-script-step.ts).
import type { Request, Response } from 'express';
import { ipKeyGenerator, rateLimit, type Options } from 'express-rate-limit';
import { addressKey } from '../../../src/forms/address-key';
import type { FormPost } from '../../forms/form-post';
import { perProcessLimits, type LimitStores } from '../../shared/limit-stores';
import type { SharedRecords } from '../../shared/records';
import { noScriptStep } from './no-script-step';

export type AccountLimitSettings = {
  windowMs: number;
  /** Wrong tries (or registrations) on one account from one client before that client must solve
   * the captcha; mails to one address from one client before they are refused. */
  perAddress: number;
  /** Wrong tries from one client, on any accounts, before it is refused. */
  perIp: number;
  /** Wrong tries (or mails) on one account from all clients together before everyone must solve
   * the captcha; five times `perAddress` when absent. */
  perAccount?: number;
  /** The captcha step without JavaScript: how long to wait (no-script-step.ts); 10 s when absent. */
  noScriptWaitMs?: number;
};

/** How each form is counted: wrong tries only, or every post with the captcha step past the
 * limit, or every post refused past it. */
type Kind = 'guess' | 'signup' | 'mail';
const KINDS: Readonly<Record<string, Kind>> = {
  login: 'guess',
  'reset-password': 'guess',
  register: 'signup',
  'forgot-password': 'mail',
  'resend-confirmation': 'mail',
};

/** 'ok'; 'captcha': answer that this try needs the captcha, or without JavaScript the wait of
 * `waitMs` (the post had neither); 'refused': past a limit, to refuse. */
export type LimitOutcome = { kind: 'ok' } | { kind: 'captcha'; waitMs: number } | { kind: 'refused' };

export type AccountLimits = { windowMs: number; check(post: FormPost, form: string, address: string): Promise<LimitOutcome> };

const OK: LimitOutcome = { kind: 'ok' };
const REFUSED_OUTCOME: LimitOutcome = { kind: 'refused' };

/** Set by a limiter that is past its limit but lets the request on (the captcha step). */
const OVER = 'accountLimitOver';
/** Set by a limiter that refuses the request (past the limit per client, or a mail's). */
const REFUSED = 'accountLimitRefused';

/** `stores`: where each budget counts (server/shared/limit-stores.ts); `records`: where the waits
 * of the step without JavaScript are kept; this process's memory by default. */
export function accountLimits(settings: AccountLimitSettings, stores: LimitStores = perProcessLimits, records?: SharedRecords): AccountLimits {
  const perAccount = settings.perAccount ?? settings.perAddress * 5;
  const waits = noScriptStep(records, settings.noScriptWaitMs);
  const kindOf = (res: Response): Kind | undefined => KINDS[String(res.locals.accountForm)];
  // A refusal is noted, not answered: the form's hooks return it as their answer.
  const refused = (_req: Request, res: Response, next: () => void) => {
    res.locals[REFUSED] = true;
    next();
  };
  const over = (_req: Request, res: Response, next: () => void) => {
    res.locals[OVER] = true;
    next();
  };
  const client = (req: Request) => ipKeyGenerator(req.ip ?? '');
  const account = (res: Response) => `${String(res.locals.accountForm)}:${String(res.locals.accountAddress)}`;
  const common: Partial<Options> = {
    windowMs: settings.windowMs,
    legacyHeaders: false,
    standardHeaders: false,
    // A guess that worked is taken off the count once answered, and so is one the content
    // service could not answer (an outage is nobody's guess); every other post counts.
    skipSuccessfulRequests: true,
    requestWasSuccessful: (_req, res) => kindOf(res) === 'guess' && (res.statusCode < 400 || res.statusCode >= 500),
  };
  const byClient = rateLimit({ ...common, standardHeaders: 'draft-8', limit: settings.perIp, store: stores('account-ip'), keyGenerator: (req) => `account-ip:${client(req)}`, handler: refused });
  const byAccount = rateLimit({ ...common, limit: perAccount, store: stores('account'), keyGenerator: (_req, res) => `account:${account(res)}`, handler: over });
  // A mail past it is refused (one place filling an inbox); a try, the captcha step.
  const byAccountAndClient = rateLimit({
    ...common,
    limit: settings.perAddress,
    store: stores('account-client'),
    keyGenerator: (req, res) => `account-client:${account(res)}:${client(req)}`,
    handler: (req, res, next) => (kindOf(res) === 'mail' ? refused(req, res, next) : over(req, res, next)),
  });

  /** Counts the request: 'under', 'over' (let on, past the limit), or 'refused' (to answer so). */
  const count = (limiter: ReturnType<typeof rateLimit>, req: Request, res: Response) =>
    new Promise<'under' | 'over' | 'refused'>((resolve, reject) => {
      void limiter(req, res, (err?: unknown) => {
        if (err) return reject(err);
        const past = res.locals[OVER] === true;
        const refusedHere = res.locals[REFUSED] === true;
        res.locals[OVER] = false;
        resolve(refusedHere ? 'refused' : past ? 'over' : 'under');
      });
    });

  return {
    windowMs: settings.windowMs,
    async check(post, form, address) {
      const { req, res } = post;
      const kind = KINDS[form];
      if (!kind) return OK;
      res.locals.accountForm = form;
      // One account however its address (or user name) is cased, in any script.
      res.locals.accountAddress = addressKey(address);
      if ((await count(byClient, req, res)) === 'refused') return REFUSED_OUTCOME;
      const byPair = await count(byAccountAndClient, req, res);
      if (byPair === 'refused') return REFUSED_OUTCOME;
      // Past a limit, a try that carries a solved captcha goes on (and still counts); without
      // one (without JavaScript), a try after the wait.
      const solved = solvedCaptcha(post.fields);
      const step = async (): Promise<LimitOutcome> => {
        const wait = await waits.pass(`${account(res)}:${client(req)}`);
        return wait.passed ? OK : { kind: 'captcha', waitMs: wait.waitMs };
      };
      if (byPair === 'over' && !solved) return step();
      if ((await count(byAccount, req, res)) === 'over' && !solved) return step();
      return OK;
    },
  };
}

/** A post reaches the account hooks only once the form pipeline has verified whatever captcha
 * it carries (server/forms/human-check.ts refuses a post whose captcha fails): a captcha field
 * here is a solved one, used up by that check. */
function solvedCaptcha(fields: Record<string, string>): boolean {
  return Boolean(fields.altcha || fields['g-recaptcha-response']);
}
