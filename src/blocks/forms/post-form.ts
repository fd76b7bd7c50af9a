// Posts a form from the browser: the captcha token added (its action is the form's name, the
// last part of `/forms/{name}`), JSON asked for. XMLHttpRequest rather than fetch, for the
// upload progress a 100 MB CV needs. The site forms and the test flow both post through here.
// The captcha solver (altcha-lib) is not part of a page's first load: it is fetched when a
// visitor starts on a form (preloadCaptcha) or, at the latest, when the form is sent.
import type { CaptchaConfig } from './browser-captcha';

type Captcha = typeof import('./browser-captcha');
let solver: Promise<Captcha> | undefined;

function loadCaptcha(): Promise<Captcha> {
  solver ??= import(/* webpackChunkName: "captcha" */ './browser-captcha').catch((error: unknown) => {
    solver = undefined;
    throw error;
  });
  return solver;
}

/** Starts fetching the solver a form will need (reCAPTCHA's own script still loads on send). */
export function preloadCaptcha(config: CaptchaConfig): void {
  if (config.kind === 'altcha') loadCaptcha().catch(() => {});
}

export type PostAnswer =
  | { ok: true; json: Record<string, unknown> }
  | { ok: false; status: number; message: string; errors: Record<string, string>; formErrors: string[] };

/** Rejects when the network fails or the answer is not the endpoint's (no message to show). */
export async function postForm(
  action: string,
  fields: FormData | URLSearchParams | Record<string, string>,
  captcha: CaptchaConfig,
  onProgress?: (percent: number) => void,
): Promise<PostAnswer> {
  const body = fields instanceof FormData || fields instanceof URLSearchParams ? fields : new URLSearchParams(fields);
  const { captchaToken } = await loadCaptcha();
  const token = await captchaToken(captcha, action.slice(action.lastIndexOf('/') + 1));
  if (token) body.set(token[0], token[1]);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', action);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.responseType = 'json';
    if (onProgress) xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 100));
    xhr.onload = () => {
      const json = (xhr.response ?? {}) as Record<string, unknown>;
      if (xhr.status === 200 && json.ok) return resolve({ ok: true, json });
      if (typeof json.message !== 'string') return reject(new Error(`form answer ${xhr.status}`));
      const errors = (json.errors as Record<string, string> | undefined) ?? {};
      resolve({ ok: false, status: xhr.status, message: json.message, errors, formErrors: (json.formErrors as string[] | undefined) ?? [] });
    };
    xhr.onerror = () => reject(new Error('network error'));
    xhr.send(body);
  });
}
