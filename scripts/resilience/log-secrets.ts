// Secrets in the access log: a run that registers, logs in, resets a password (opening the
// mail's link) and logs in with a provider (and with a refused code), `rounds` times, with every
// line the server wrote kept; none of the passwords, tokens and codes it used may appear in any
// of them, and the reset page, which carries the code, must be no-store every time. The first
// part on the shared accounts site (run.ts): every line from the site's start to this part's end.
import type { Report } from './report';
import { logWritten } from './site';
import { ACCOUNT_CLIENTS, ask, postAccountForm, providerLoginUpToCallback, sessionOf, type AccountsSite } from './accounts-site';

const PART = 'log-secrets';
const NET = ACCOUNT_CLIENTS.logSecrets;

export async function logSecrets(accounts: AccountsSite, opts: { rounds: number }, report: Report): Promise<void> {
  const { site, fake } = accounts;
  const secrets: string[] = [];
  let resetPages = 0;
  let resetNoStore = 0;
  for (let round = 0; round < opts.rounds; round++) {
    const client = `${NET}.0.${1 + round}`;
    const email = `lid${round}@example.org`;
    const password = `Geheim-${round}-${Math.random().toString(36).slice(2)}`;
    const renewed = `Nieuw-${round}-${Math.random().toString(36).slice(2)}`;
    secrets.push(password, renewed);
    await postAccountForm(site, 'register', { username: `lid${round}`, email, password, passwordConfirmation: password, _page: '/registreren' }, { client });
    const login = await postAccountForm(site, 'login', { email, password }, { client });
    secrets.push(...sessionParts(sessionOf(login)));
    await postAccountForm(site, 'forgot-password', { email, _page: '/wachtwoord-vergeten' }, { client });
    const code = fake.resetCodes.get(email) ?? '';
    secrets.push(code);
    for (const path of [`/wachtwoord-herstellen?code=${code}`, `/wachtwoord-herstellen?code=${code}`, `/en/reset-password?code=${code}`]) {
      const page = await ask(site, path, { client });
      resetPages++;
      if (page.cacheControl === 'no-store') resetNoStore++;
      else report.fail(PART, `the reset page with its code was answered Cache-Control: ${page.cacheControl ?? 'none'}`);
    }
    const reset = await postAccountForm(site, 'reset-password', { code, password: renewed, passwordConfirmation: renewed, _page: '/wachtwoord-herstellen' }, { client });
    secrets.push(...sessionParts(sessionOf(reset)));
    const known = new Set(fake.providerTokens.keys());
    const viaProvider = await providerLoginUpToCallback(site, 'github', client);
    const answer = new URL(viaProvider.callback, site.url).searchParams;
    secrets.push(...viaProvider.state.map((c) => c.split('=')[1]!), answer.get('code')!, answer.get('state')!);
    const back = await ask(site, viaProvider.callback, { client, cookie: viaProvider.state.join('; ') });
    if (back.status !== 303) report.fail(PART, `the provider viaProvider answered ${back.status}`);
    secrets.push(...[...fake.providerTokens.keys()].filter((t) => !known.has(t)), ...sessionParts(sessionOf(back)));
    const again = await providerLoginUpToCallback(site, 'github', client);
    const wrong = `gh-wrong-${round}-${Math.random().toString(36).slice(2)}`;
    await ask(site, again.callback.replace(/code=[\w-]+/, `code=${wrong}`), { client, cookie: again.state.join('; ') });
    secrets.push(wrong);
  }
  await logWritten();
  const lines = accounts.lines.filter(Boolean);
  const used = secrets.filter((s) => s.length >= 6);
  const found = used.filter((s) => lines.some((l) => l.includes(s)));
  for (const s of found.slice(0, 5)) report.fail(PART, `a secret (${s.slice(0, 8)}…) appears in a log line: ${lines.find((l) => l.includes(s))!.slice(0, 200)}`);
  if (!lines.some((l) => l.includes('/auth/github/callback'))) report.fail(PART, 'no access line for the callback: the log was not read');
  report.figure(PART, 'log lines read', lines.length);
  report.figure(PART, 'secrets used, found in the log', `${used.length}, ${found.length}`);
  report.figure(PART, 'reset pages no-store', `${resetNoStore} of ${resetPages}`);
}

/** A session cookie's secrets: its session id and the content service's token, each on its own. */
function sessionParts(cookie: string | undefined): string[] {
  const value = decodeURIComponent(cookie?.split('=')[1] ?? '');
  return [value, ...value.split('~')].filter((part) => part.length >= 8);
}
