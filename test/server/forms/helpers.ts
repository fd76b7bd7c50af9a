import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import request from 'supertest';
import type { RequestListener } from 'node:http';
import { createFormStamps } from '../../../server/forms/bot-guard';

export const ORIGIN = 'http://localhost:3000';
export const stamps = createFormStamps('test-secret-for-forms-0123456789');
/** A stamp from a form that was on screen for ten seconds. */
export const oldStamp = () => stamps.stamp(Date.now() - 10_000);

export const validContact = { name: 'Sam de Vries', email: 'sam@example.nl', message: 'Ik wil graag meer weten over de groepen.', privacy: 'on' };

/** What the browser sends with JavaScript: a solved ALTCHA challenge. */
export async function solvedCaptcha(app: RequestListener): Promise<string> {
  const res = await request(app).get('/api/captcha/challenge').expect(200);
  const challenge = res.body as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}
