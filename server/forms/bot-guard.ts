// Without JavaScript no captcha can run. Such a post is accepted when its honeypot field is
// empty and the form was on screen long enough (FORM_MIN_FILL_MS, 3 s unless set): the form
// carries a signed time stamp (see FORM_STAMP_FIELD) made when the page was rendered, and the
// time since this client first viewed the page counts too (page-views.ts). One sent sooner
// (browser autofill) is asked to confirm (confirm-step.ts), not refused.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { POST_FIELDS } from '../../src/forms/post-protocol';

export const HONEYPOT_FIELD = POST_FIELDS.honeypot;
export const FORM_STAMP_FIELD = POST_FIELDS.stamp;
/** A person needs at least this long to fill in a form; a script posts at once. */
export const DEFAULT_MIN_FILL_MS = 3000;
/** A stamp older than this vouches for nothing: a form is filled in within a day. */
export const STAMP_MAX_AGE_MS = 24 * 60 * 60_000;

export function createFormStamps(secret: string, minFillMs = DEFAULT_MIN_FILL_MS) {
  const sign = (t: string) => createHmac('sha256', secret).update(t).digest('base64url').slice(0, 22);
  /** When the form was rendered, if the stamp is ours; null for anything else. */
  const issuedAt = (stamp: unknown): number | null => {
    if (typeof stamp !== 'string') return null;
    const [t, sig] = stamp.split('.');
    if (!t || !sig) return null;
    const expected = Buffer.from(sign(t));
    const given = Buffer.from(sig);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    return Number(t);
  };
  return {
    minFillMs,
    /** `<time>.<signature>`, rendered into every form. */
    stamp(now = Date.now()): string {
      const t = String(now);
      return `${t}.${sign(t)}`;
    },
    issuedAt,
    /** True when the stamp is ours and the form was open between `minFillMs` and a day. */
    filledLikeAPerson(stamp: unknown, now = Date.now()): boolean {
      const issued = issuedAt(stamp);
      if (issued === null) return false;
      const age = now - issued;
      return age >= minFillMs && age <= STAMP_MAX_AGE_MS;
    },
  };
}

export type FormStamps = ReturnType<typeof createFormStamps>;

export function honeypotEmpty(body: Record<string, unknown>): boolean {
  const v = body[HONEYPOT_FIELD];
  return v === undefined || v === '';
}
