import assert from 'node:assert/strict';
import { test } from 'node:test';
import express from 'express';
import request from 'supertest';
import { clearSession, sessionToken, setSession } from '../../../server/features/accounts/session-cookie';

function app(secure: boolean) {
  const a = express();
  a.get('/in', (_req, res) => void (setSession(res, 'jwt.token.value', { secure }), res.end()));
  a.get('/out', (_req, res) => void (clearSession(res, { secure }), res.end()));
  a.get('/read', (req, res) => void res.json({ token: sessionToken(req) ?? null }));
  return a;
}

test('the session cookie: httpOnly, SameSite=Lax, path /, Secure only on an https origin', async () => {
  const plain = (await request(app(false)).get('/in')).headers['set-cookie']![0]!;
  assert.match(plain, /^joinus_session=jwt\.token\.value; Max-Age=604800; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Lax$/);
  const https = (await request(app(true)).get('/in')).headers['set-cookie']![0]!;
  assert.match(https, /; HttpOnly; Secure; SameSite=Lax$/);
  const out = (await request(app(true)).get('/out')).headers['set-cookie']![0]!;
  assert.match(out, /^joinus_session=; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; Secure; SameSite=Lax$/);
});

test('the token is read from the cookie header only, among other cookies', async () => {
  const read = (cookie?: string) => request(app(false)).get('/read').set(cookie ? { Cookie: cookie } : {});
  assert.deepEqual((await read('a=1; joinus_session=abc.def; b=2')).body, { token: 'abc.def' });
  assert.deepEqual((await read('joinus_session=')).body, { token: null });
  assert.deepEqual((await read('xjoinus_session=abc')).body, { token: null });
  assert.deepEqual((await read()).body, { token: null });
});
