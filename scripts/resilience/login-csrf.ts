// Login CSRF through the provider callback: the provider's answer to the attacker's own login
// (the site's callback with its code and state), opened by visitors who started no login here,
// must sign nobody in and ask the content service nothing; so must the two steps a foreign page
// can take (open /connect/github, or post to it from its own origin, then the callback); the same
// answer sent while a visitor's own login is under way (the race) must sign nobody in; one
// client's guesses, each with a login started on the log-in page, are cut off after the callback
// limit (that many upstream calls, the rest 429); a login a visitor did start works.
import { PROVIDER_CALLBACK_LIMIT } from '../../server/features/accounts/account-routes';
import type { Report } from './report';
import { ACCOUNT_CLIENTS, ask, cookiesOf, providerLoginUpToCallback, sessionOf, type AccountsSite } from './accounts-site';

const PART = 'login-csrf';
const NET = ACCOUNT_CLIENTS.loginCsrf;

export async function loginCsrf(accounts: AccountsSite, opts: { forged: number; guesses: number }, report: Report): Promise<void> {
  const { site, upstream } = accounts;
  const callbacks = () => upstream.requests.filter((r) => r.path.endsWith('/connect/github/callback')).length;
  const attacker = await providerLoginUpToCallback(site, 'github', `${NET}.5.1`);
  let signedIn = 0;
  const before = callbacks();
  for (let i = 0; i < opts.forged; i++) {
    const answer = await ask(site, attacker.callback, { client: `${NET}.1.${1 + (i % 250)}` });
    if (sessionOf(answer)) signedIn++;
    if (answer.status !== 400) report.fail(PART, `a forged callback link was answered ${answer.status} (expected 400, the login page)`);
  }
  const forgedCalls = callbacks() - before;
  if (signedIn > 0) report.fail(PART, `${signedIn} of ${opts.forged} forged callback links signed the visitor in`);
  if (forgedCalls > 0) report.fail(PART, `${opts.forged} forged callback links made ${forgedCalls} calls to the content service`);
  report.figure(PART, 'forged links: signed in, upstream calls', `${signedIn} of ${opts.forged}, ${forgedCalls}`);

  // The two steps of a foreign page: a start it can make (a GET in a window of its own, a post
  // from its origin), then the callback with whatever cookies the browser got.
  let twoStep = 0;
  const twoStepBefore = callbacks();
  for (let i = 0; i < opts.forged; i++) {
    const client = `${NET}.4.${1 + (i % 250)}`;
    const byGet = await ask(site, '/connect/github', { client });
    const byPost = await ask(site, '/connect/github', { client, form: { _locale: 'nl' }, origin: 'https://attacker.example' });
    const cookie = [...cookiesOf(byGet), ...cookiesOf(byPost)].join('; ');
    const answer = await ask(site, attacker.callback, { client, cookie });
    if (sessionOf(answer)) twoStep++;
  }
  const twoStepCalls = callbacks() - twoStepBefore;
  if (twoStep > 0) report.fail(PART, `${twoStep} of ${opts.forged} foreign two-step logins signed the visitor in`);
  if (twoStepCalls > 0) report.fail(PART, `${opts.forged} foreign two-step logins made ${twoStepCalls} calls to the content service`);
  report.figure(PART, 'foreign two steps: signed in, upstream calls', `${twoStep} of ${opts.forged}, ${twoStepCalls}`);

  // The race: visitors whose own login is under way, sent to the callback with another login's
  // answer. The content service takes only the state of the session the site kept for theirs.
  let raced = 0;
  const races = Math.min(opts.forged, 50);
  for (let i = 0; i < races; i++) {
    const client = `${NET}.6.${1 + i}`;
    const own = await providerLoginUpToCallback(site, 'github', client);
    const other = await providerLoginUpToCallback(site, 'github', `${NET}.7.${1 + i}`);
    const answer = await ask(site, other.callback, { client, cookie: own.state.join('; ') });
    if (sessionOf(answer)) raced++;
  }
  if (raced > 0) report.fail(PART, `${raced} of ${races} raced callbacks signed the visitor in`);
  report.figure(PART, 'raced during the visitor’s own login: signed in', `${raced} of ${races}`);

  // One client guessing codes, starting a login before each so the state check passes.
  const guessing = callbacks();
  const statuses = new Map<number, number>();
  for (let i = 0; i < opts.guesses; i++) {
    const login = await providerLoginUpToCallback(site, 'github', `${NET}.2.1`);
    const answer = await ask(site, login.callback.replace(/code=[\w-]+/, `code=guess-${i}`), { client: `${NET}.2.1`, cookie: login.state.join('; ') });
    statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
  }
  const guessCalls = callbacks() - guessing;
  if (guessCalls > PROVIDER_CALLBACK_LIMIT.failures) report.fail(PART, `${opts.guesses} guesses from one client made ${guessCalls} upstream calls (limit ${PROVIDER_CALLBACK_LIMIT.failures})`);
  report.figure(PART, `guesses from one client: upstream calls`, `${guessCalls} of ${opts.guesses}`);
  report.figure(PART, 'guesses: answers', [...statuses].map(([s, n]) => `${n}x${s}`).join(' '));

  // A visitor who starts a login here and comes back with the provider's answer to it.
  const login = await providerLoginUpToCallback(site, 'github', `${NET}.3.10`);
  const back = await ask(site, login.callback, { client: `${NET}.3.10`, cookie: login.state.join('; ') });
  const ok = back.status === 303 && Boolean(sessionOf(back));
  if (!ok) report.fail(PART, `a login started here and finished with the provider's answer was answered ${back.status} without a session`);
  report.figure(PART, 'a login started here: signed in', ok ? 'yes' : 'no');
}
