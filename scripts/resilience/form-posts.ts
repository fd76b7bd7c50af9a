// Form posts as the resilience parts send them: urlencoded like a browser without
// JavaScript, or with a solved proof-of-work captcha and JSON back like the enhanced form.
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Site } from './site';

export type Posted = { status: number; text: string };

/** A challenge from the site, solved as the browser does. */
export async function solvedCaptcha(site: Site): Promise<string> {
  const challenge = (await (await fetch(`${site.url}/api/captcha/challenge`)).json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** `from`: the visitor's address, as a proxy on loopback passes it on (X-Forwarded-For); the post
 * comes from loopback itself without it. */
export async function postForm(site: Site, form: string, fields: Record<string, string>, opts: { json?: boolean; from?: string } = {}): Promise<Posted> {
  const headers: Record<string, string> = { Origin: site.url, 'Content-Type': 'application/x-www-form-urlencoded' };
  if (opts.json) headers.Accept = 'application/json';
  if (opts.from) headers['X-Forwarded-For'] = opts.from;
  const res = await fetch(`${site.url}/forms/${form}`, { method: 'POST', headers, body: new URLSearchParams(fields), redirect: 'manual' });
  return { status: res.status, text: await res.text() };
}

/** The stamp of the form a page shows (the page that asks to confirm carries a fresh one). */
export const stampIn = (html: string): string | undefined => /name="_ts" value="([^"]+)"/.exec(html)?.[1];
