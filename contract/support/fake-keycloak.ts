// A Keycloak realm as Strapi's built-in `keycloak` provider talks to it, for the provider login
// against the real Strapi of cms/: a real provider cannot be reached from here. Over https (the
// provider's addresses are `https://[subdomain]/…` in Strapi), with a certificate made for
// 127.0.0.1 by openssl that the Strapi process trusts through NODE_EXTRA_CA_CERTS.
//
//   GET  /realms/joinus/protocol/openid-connect/auth      the page to agree on: a link back to the
//                                                        redirect URI with a code and the state
//   POST /realms/joinus/protocol/openid-connect/token     the code (once, for its redirect URI and
//                                                        client) for an access token
//   GET  /realms/joinus/protocol/openid-connect/userinfo  who the token is
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

export type FakeKeycloak = {
  /** `127.0.0.1:{port}/realms/joinus`: Strapi's `subdomain` setting for the provider. */
  subdomain: string;
  /** The certificate's file, for NODE_EXTRA_CA_CERTS. */
  certFile: string;
  clientId: string;
  clientSecret: string;
  /** The next person to agree on the provider's page. */
  signInAs(email: string): void;
  /** Token exchanges asked, and those refused. */
  exchanges: { asked: number; refused: number };
  close(): Promise<void>;
};

const REALM = '/realms/joinus/protocol/openid-connect';

export async function startFakeKeycloak(dir: string): Promise<FakeKeycloak> {
  const keyFile = path.join(dir, 'keycloak-key.pem');
  const certFile = path.join(dir, 'keycloak-cert.pem');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', keyFile, '-out', certFile], { stdio: 'ignore' });
  const clientId = 'joinus-site';
  const clientSecret = randomBytes(16).toString('hex');
  const codes = new Map<string, { email: string; redirectUri: string }>();
  const tokens = new Map<string, string>();
  const exchanges = { asked: 0, refused: 0 };
  let nextEmail = 'someone@example.org';

  const server: Server = createServer({ key: readFileSync(keyFile), cert: readFileSync(certFile) }, (req, res) => {
    const url = new URL(req.url ?? '/', 'https://127.0.0.1');
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'GET' && url.pathname === `${REALM}/auth`) {
      const redirectUri = url.searchParams.get('redirect_uri') ?? '';
      if (url.searchParams.get('client_id') !== clientId || url.searchParams.get('response_type') !== 'code') return json(400, { error: 'invalid_request' });
      const code = randomBytes(12).toString('hex');
      codes.set(code, { email: nextEmail, redirectUri });
      const back = new URL(redirectUri);
      back.search = new URLSearchParams({ state: url.searchParams.get('state') ?? '', session_state: randomBytes(6).toString('hex'), code }).toString();
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      return res.end(`<!doctype html><title>Sign in to joinus</title><a id="agree" href="${back.toString().replace(/&/g, '&amp;')}">Yes</a>`);
    }
    if (req.method === 'POST' && url.pathname === `${REALM}/token`) {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        exchanges.asked += 1;
        const form = new URLSearchParams(body);
        const held = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        if (!held || form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret || form.get('redirect_uri') !== held.redirectUri) {
          exchanges.refused += 1;
          return json(400, { error: 'invalid_grant', error_description: 'Code not valid' });
        }
        const token = randomBytes(16).toString('hex');
        tokens.set(token, held.email);
        json(200, { access_token: token, token_type: 'Bearer', expires_in: 300 });
      });
      return;
    }
    if (req.method === 'GET' && url.pathname === `${REALM}/userinfo`) {
      const email = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
      if (!email) return json(401, { error: 'invalid_token' });
      return json(200, { sub: email, email, email_verified: true, preferred_username: email.split('@')[0] });
    }
    json(404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    subdomain: `127.0.0.1:${port}/realms/joinus`,
    certFile,
    clientId,
    clientSecret,
    signInAs: (email) => void (nextEmail = email),
    exchanges,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
