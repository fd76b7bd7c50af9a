// Guessing a password or a reset code is slowed down twice: per address (whoever asks, one
// account is not tried more than a few times) and per IP (one client does not try many
// accounts). Mails to an address (forgot password, the confirmation again) count per address
// too, so nobody fills another's inbox.
import type { Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import type { FormPost } from '../../forms/form-post';
import { refuse, REFUSALS } from '../../forms/refusal';

export type AccountLimitSettings = { windowMs: number; perAddress: number; perIp: number };

/** The forms counted, and by what. */
const PER_ADDRESS = new Set(['login', 'forgot-password', 'resend-confirmation', 'reset-password']);
const PER_IP = new Set(['login', 'reset-password', 'forgot-password', 'resend-confirmation']);

export type AccountLimits = { check(post: FormPost, form: string, address: string): Promise<'ok' | 'refused'> };

export function accountLimits(settings: AccountLimitSettings, stylesheets: string[]): AccountLimits {
  const handler = (req: Request, res: Response) => refuse(req, res, REFUSALS.rateLimited, stylesheets);
  const common = { windowMs: settings.windowMs, standardHeaders: 'draft-8' as const, legacyHeaders: false, handler };
  const byAddress = rateLimit({
    ...common,
    limit: settings.perAddress,
    keyGenerator: (_req, res) => `account:${String(res.locals.accountForm)}:${String(res.locals.accountAddress)}`,
  });
  const byIp = rateLimit({ ...common, limit: settings.perIp, keyGenerator: (req) => `account-ip:${ipKeyGenerator(req.ip ?? '')}` });

  const pass = (limiter: RequestHandler, req: Request, res: Response) =>
    new Promise<boolean>((resolve) => {
      res.once('finish', () => resolve(false));
      void limiter(req, res, () => resolve(true));
    });

  return {
    async check({ req, res }, form, address) {
      res.locals.accountForm = form;
      res.locals.accountAddress = address.trim().toLowerCase();
      if (PER_IP.has(form) && !(await pass(byIp, req, res))) return 'refused';
      if (PER_ADDRESS.has(form) && !(await pass(byAddress, req, res))) return 'refused';
      return 'ok';
    },
  };
}
