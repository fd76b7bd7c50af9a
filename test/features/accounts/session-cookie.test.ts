import assert from 'node:assert/strict';
import { test } from 'node:test';
import express from 'express';
import request from 'supertest';
import { clearSession, sessionOf, setSession } from '../../../server/features/accounts/session-cookie';

function app(secure: boolean) {
  const a = express();
  a.get('/in', (_req, res) => void (setSession(res, 'jwt.token.value', { secure }), res.end()));
  a.get('/out', (_req, res) => void (clearSession(res, { secure }), res.end()));
  a.get('/read', (req, res) => void res.json({ token: sessionOf(req, { secure })?.token ?? null }));
  return a;
}

test('the session cookie: httpOnly, SameSite=Lax, path /, Secure and __Host- only on an https origin', async () => {
  const plain = (await request(app(false)).get('/in')).headers['set-cookie']![0]!;
  assert.match(plain, /^joinus_session=[\w-]{24}~jwt\.token\.value; Max-Age=604800; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Lax$/);
  const https = (await request(app(true)).get('/in')).headers['set-cookie']![0]!;
  assert.match(https, /^__Host-joinus_session=[\w-]{24}~jwt\.token\.value; Max-Age=604800; Path=\/; Expires=[^;]+; HttpOnly; Secure; SameSite=Lax$/, 'no Domain: no other host can set it');
  const again = (await request(app(false)).get('/in')).headers['set-cookie']![0]!;
  assert.notEqual(again.split(';')[0], plain.split(';')[0], 'each sign-in a session id of its own, for the same token');
  const out = (await request(app(true)).get('/out')).headers['set-cookie']![0]!;
  assert.match(out, /^__Host-joinus_session=; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; Secure; SameSite=Lax$/);
});

test('the token is read from the cookie header only, among other cookies, after its session id', async () => {
  const read = (cookie?: string, secure = false) => request(app(secure)).get('/read').set(cookie ? { Cookie: cookie } : {});
  assert.deepEqual((await read('a=1; joinus_session=id~abc.def; b=2')).body, { token: 'abc.def' });
  assert.deepEqual((await read('joinus_session=abc.def')).body, { token: null }, 'no session id: no session');
  assert.deepEqual((await read('joinus_session=~abc.def')).body, { token: null });
  assert.deepEqual((await read('joinus_session=id~')).body, { token: null });
  assert.deepEqual((await read('joinus_session=')).body, { token: null });
  assert.deepEqual((await read('xjoinus_session=abc')).body, { token: null });
  assert.deepEqual((await read()).body, { token: null });
  // On https only the __Host- cookie counts: a bare one may have been set by another host.
  assert.deepEqual((await read('joinus_session=id~tossed', true)).body, { token: null });
  assert.deepEqual((await read('joinus_session=id~tossed; __Host-joinus_session=id~own', true)).body, { token: 'own' });
});
