// Sends the test's fields from the browser: the captcha token added, JSON asked for.
import type { CaptchaConfig } from '../forms/browser-captcha';
import { captchaToken } from '../forms/browser-captcha';

export type PostAnswer = { ok: true; json: Record<string, unknown> } | { ok: false; errors: Record<string, string>; message: string };

export async function postTest(action: string, fields: Record<string, string>, captcha: CaptchaConfig): Promise<PostAnswer> {
  const body = new URLSearchParams(fields);
  const token = await captchaToken(captcha, 'loneliness-test');
  if (token) body.set(token[0], token[1]);
  const res = await fetch(action, { method: 'POST', body, headers: { Accept: 'application/json' } });
  const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (res.ok && json.ok) return { ok: true, json };
  return { ok: false, errors: (json.errors as Record<string, string> | undefined) ?? {}, message: typeof json.message === 'string' ? json.message : '' };
}
