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

/** A small PDF, the CV the vacancy tests send. */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** A vacancy application without JavaScript, as multipart, with `stamp`; attach files to it. */
export function vacancyPost(app: RequestListener, stamp: string) {
  const fields = { name: 'Noor Jansen', email: 'noor@example.nl', phone: '0612345678', privacy: 'on', _page: '/vacatures' };
  const req = request(app).post('/forms/vacancy-application').set('Origin', ORIGIN).field('_ts', stamp);
  for (const [k, v] of Object.entries(fields)) req.field(k, v);
  return req;
}
