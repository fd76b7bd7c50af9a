// What went wrong with an authentication call, in words the site has for it. Strapi answers
// in English and in three shapes (v3's Boom body with a list of message ids; v4 and v5's
// error object); the visitor gets one of a few plain reasons, never a raw code or a stack.
import { ContentError, isObject } from '../../../src/content/errors';

export type AuthProblem =
  | 'credentials'
  | 'unconfirmed'
  | 'blocked'
  | 'taken'
  | 'code'
  | 'mismatch'
  | 'currentPassword'
  | 'samePassword'
  | 'alreadyConfirmed'
  | 'providerDisabled'
  | 'registerDisabled'
  | 'rateLimited'
  /** Not the content service's: many tries on this account, and this one came without the captcha (account-limits.ts). */
  | 'captcha'
  | 'signedOut'
  | 'unavailable'
  | 'failed';

/** Strapi's messages (v4/v5 text, v3 text and v3 message id), each to its reason. */
const BY_MESSAGE: ReadonlyArray<[RegExp, AuthProblem]> = [
  [/current password is invalid|auth\.form\.error\.invalid\.current/i, 'currentPassword'],
  [/invalid identifier or password|identifier or password invalid|invalid credentials|auth\.form\.error\.invalid/i, 'credentials'],
  [/email is not confirmed|auth\.form\.error\.confirmed/i, 'unconfirmed'],
  [/blocked|auth\.form\.error\.blocked/i, 'blocked'],
  [/already taken|auth\.form\.error\.(email|username)\.taken/i, 'taken'],
  [/incorrect code|invalid token|auth\.form\.error\.code\.provide/i, 'code'],
  [/passwords do not match|auth\.form\.error\.password\.matching/i, 'mismatch'],
  [/must be different/i, 'samePassword'],
  [/already confirmed/i, 'alreadyConfirmed'],
  [/provider is disabled|auth\.form\.error\.provider\.disabled/i, 'providerDisabled'],
  [/register action is (currently )?disabled|auth\.advanced\.allow_register/i, 'registerDisabled'],
];

export function authProblem(error: unknown): AuthProblem {
  if (!(error instanceof ContentError)) return 'failed';
  if (!error.fromService || error.status >= 500) return 'unavailable';
  if (error.status === 429) return 'rateLimited';
  // No token, an expired or a forged one: whatever Strapi says, the visitor must log in again.
  if (error.status === 401) return 'signedOut';
  const text = messagesOf(error.payload).join('\n');
  for (const [pattern, problem] of BY_MESSAGE) if (pattern.test(text)) return problem;
  return 'failed';
}

/** Every message and message id the payload holds, whatever its shape. */
function messagesOf(payload: unknown): string[] {
  const found: string[] = [];
  const walk = (value: unknown, depth: number): void => {
    if (depth > 6) return;
    if (typeof value === 'string') found.push(value);
    else if (Array.isArray(value)) for (const item of value) walk(item, depth + 1);
    else if (isObject(value)) for (const key of ['message', 'messages', 'id', 'error']) walk(value[key], depth + 1);
  };
  walk(payload, 0);
  return found;
}
