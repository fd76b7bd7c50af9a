// The captcha, solved in the browser when a form is sent: ALTCHA proof of work by default, or
// reCAPTCHA v3 when the site is configured with its keys.
import { CAPTCHA_CHALLENGE_PATH } from '../../routing/endpoints';
import { solveChallenge, type Challenge } from 'altcha-lib';

export type CaptchaConfig = { kind: 'altcha' } | { kind: 'recaptcha'; siteKey: string };

/** The field name and value to send along, or null when no token could be made. */
export async function captchaToken(config: CaptchaConfig, action: string): Promise<[string, string] | null> {
  if (config.kind === 'recaptcha') return ['g-recaptcha-response', await recaptchaToken(config.siteKey, action)];
  const res = await fetch(CAPTCHA_CHALLENGE_PATH, { cache: 'no-store' });
  const challenge = (await res.json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey: sha256Key, timeout: 30_000 });
  if (!solution) return null;
  return ['altcha', btoa(JSON.stringify({ challenge, solution }))];
}

/** ALTCHA's SHA-256 key derivation with WebCrypto (the library's own uses node:crypto). */
async function sha256Key(parameters: { cost: number; keyLength?: number }, salt: Uint8Array, password: Uint8Array) {
  let data = new Uint8Array(salt.length + password.length);
  data.set(salt);
  data.set(password, salt.length);
  for (let i = 0; i < Math.max(1, parameters.cost); i++) data = new Uint8Array(await crypto.subtle.digest('SHA-256', data));
  return { parameters: {}, derivedKey: data.subarray(0, parameters.keyLength ?? 32) };
}

type Grecaptcha = { ready(cb: () => void): void; execute(key: string, opts: { action: string }): Promise<string> };
let loadedKey: string | null = null;

/** Loads the reCAPTCHA script on first use, polls every 25 ms until it is ready (spec
 * section 9), and refuses a second, different site key, as the original library did. */
async function recaptchaToken(siteKey: string, action: string): Promise<string> {
  if (loadedKey && loadedKey !== siteKey) throw new Error('reCAPTCHA already loaded with different site key!');
  if (!loadedKey) {
    loadedKey = siteKey;
    const script = document.createElement('script');
    script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
    script.async = true;
    document.head.append(script);
  }
  const g = await new Promise<Grecaptcha>((resolve, reject) => {
    const started = Date.now();
    const poll = () => {
      const candidate = (window as unknown as { grecaptcha?: Grecaptcha }).grecaptcha;
      if (candidate?.execute) return candidate.ready(() => resolve(candidate));
      if (Date.now() - started > 15_000) return reject(new Error('reCAPTCHA did not load'));
      setTimeout(poll, 25);
    };
    poll();
  });
  return g.execute(siteKey, { action: action.replace(/[^A-Za-z_]/g, '_') });
}
