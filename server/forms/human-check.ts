// Does this post come from a person? With JavaScript it carries a solved captcha (ALTCHA, or
// reCAPTCHA when configured). Without, the honeypot must be empty and the form must have been
// on screen long enough, under a stricter rate limit.
import type { Request, Response } from 'express';
import { FORM_STAMP_FIELD, honeypotEmpty } from './bot-guard';
import type { FormRouteDeps } from './form-routes';
import { safeReturnPath } from '../../src/forms/return-path';
import { verifyRecaptcha } from './recaptcha';
import { refuse, REFUSALS } from './refusal';
import { POST_FIELDS } from '../../src/forms/post-protocol';

/** 'ok', or 'refused' when the refusal was already answered. */
export async function checkHuman(req: Request, res: Response, fields: Record<string, string>, action: string, deps: FormRouteDeps): Promise<'ok' | 'refused'> {
  if (!honeypotEmpty(fields)) {
    refuse(req, res, REFUSALS.bot, deps.stylesheets, fields);
    return 'refused';
  }
  const token = deps.recaptcha ? fields['g-recaptcha-response'] : fields.altcha;
  if (token) {
    const ok = deps.recaptcha
      ? await verifyRecaptcha(deps.recaptcha, token, { action: action.replace(/[^A-Za-z_]/g, '_'), hostname: new URL(deps.publicOrigin).hostname })
      : await deps.altcha.verify(token);
    if (ok) return 'ok';
    refuse(req, res, REFUSALS.captcha, deps.stylesheets, fields);
    return 'refused';
  }
  const limited = await new Promise<boolean>((resolve) => {
    res.once('finish', () => resolve(true));
    deps.rateLimits.withoutCaptcha(req, res, () => resolve(false));
  });
  if (limited) return 'refused';
  // Measured from this client's first view of the page when this process saw it (the stamp
  // says when the page was rendered, which may be well before the visit).
  const viewed = deps.pageViews.firstSeen(req.ip ?? '', safeReturnPath(fields[POST_FIELDS.page]));
  const tooQuick = viewed !== undefined && Date.now() - viewed < deps.stamps.minFillMs;
  if (!tooQuick && deps.stamps.filledLikeAPerson(fields[FORM_STAMP_FIELD])) return 'ok';
  refuse(req, res, REFUSALS.bot, deps.stylesheets, fields);
  return 'refused';
}
