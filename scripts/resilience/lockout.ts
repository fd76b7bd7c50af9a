// Nobody can lock an account: one attacker's wrong passwords from one address (past the limit
// each further try needs the captcha), then the owner's right password from another address,
// which must sign in at once; then an attack spread over many addresses, past the account's
// ceiling, after which the owner must solve the captcha and then signs in, or, without
// JavaScript, waits as the page asks and then signs in. The site's default account limits (5
// wrong tries per account and client, 25 per account, 30 per client).
import type { Report } from './report';
import { percentile } from './report';
import { ACCOUNT_CLIENTS, postAccountForm, sessionOf, solvedCaptcha, type AccountsSite } from './accounts-site';
import { NO_SCRIPT_WAIT_MS } from '../../server/features/accounts/no-script-step';

const PART = 'lockout';
const NET = ACCOUNT_CLIENTS.lockout;
const owner = { username: 'eigenaar', email: 'eigenaar@example.org', password: 'Eigen-Geheim-42' };
const ATTACKER = `${NET}.1.66`;

export async function lockout(accounts: AccountsSite, opts: { attackerTries: number; spreadAddresses: number; spreadTries: number }, report: Report): Promise<void> {
  const { site } = accounts;
  const login = (client: string, password: string, extra: Record<string, string> = {}) => postAccountForm(site, 'login', { email: owner.email, password, ...extra }, { client });
  await postAccountForm(site, 'register', { ...owner, passwordConfirmation: owner.password, _page: '/registreren' }, { client: `${NET}.0.1` });

  const statuses = new Map<number, number>();
  const attackMs: number[] = [];
  for (let i = 0; i < opts.attackerTries; i++) {
    const answer = await login(ATTACKER, `fout-${i}`);
    attackMs.push(answer.ms);
    statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    if (sessionOf(answer)) report.fail(PART, 'a wrong password signed in');
  }
  report.figure(PART, `one attacker, ${opts.attackerTries} wrong tries: answers`, [...statuses].map(([s, n]) => `${n}x${s}`).join(' '));
  report.figure(PART, 'attacker answers p50/max ms', `${Math.round(percentile(attackMs, 50))}/${Math.round(Math.max(...attackMs))}`);

  const own = await login(`${NET}.3.5`, owner.password);
  if (own.status !== 303 || !sessionOf(own)) report.fail(PART, `the owner's right password from another address was answered ${own.status} after the attack (expected 303, signed in)`);
  report.figure(PART, 'owner at another address: answer, ms', `${own.status}, ${Math.round(own.ms)}`);

  const withCaptcha = await login(ATTACKER, 'nog-eens-fout', { altcha: await solvedCaptcha(site) });
  if (withCaptcha.status !== 422) report.fail(PART, `past the limit a try with a solved captcha was answered ${withCaptcha.status} (expected 422: tried, wrong password)`);
  report.figure(PART, 'attacker past the limit with a solved captcha', withCaptcha.status === 422 ? 'tried (422)' : String(withCaptcha.status));

  // Spread: a few wrong tries from each of many addresses, none past its own limit.
  let spread = 0;
  for (let a = 0; a < opts.spreadAddresses; a++) for (let i = 0; i < opts.spreadTries; i++, spread++) await login(`${NET}.2.${100 + a}`, `spreid-${a}-${i}`);
  const plain = await login(`${NET}.3.6`, owner.password);
  const solved = await login(`${NET}.3.6`, owner.password, { altcha: await solvedCaptcha(site) });
  if (solved.status !== 303 || !sessionOf(solved)) report.fail(PART, `after a spread attack the owner with a solved captcha was answered ${solved.status} (expected 303, signed in)`);
  if (plain.status === 303) report.fail(PART, `after ${spread} wrong tries from ${opts.spreadAddresses} addresses the owner needed no captcha: the account ceiling did not hold`);
  report.figure(PART, `spread attack (${spread} tries, ${opts.spreadAddresses} addresses): owner without/with captcha`, `${plain.status}/${solved.status}`);

  // The owner without JavaScript at a third address: asked to wait, then signed in.
  const asked = await login(`${NET}.3.7`, owner.password);
  await new Promise((resolve) => setTimeout(resolve, NO_SCRIPT_WAIT_MS + 200));
  const waited = await login(`${NET}.3.7`, owner.password);
  if (asked.status !== 429 || !asked.text.includes('wacht')) report.fail(PART, `past the ceiling a post without captcha was answered ${asked.status} without asking to wait`);
  if (waited.status !== 303 || !sessionOf(waited)) report.fail(PART, `the owner without JavaScript who waited was answered ${waited.status} (expected 303, signed in)`);
  report.figure(PART, `owner without JavaScript: asked to wait, after ${NO_SCRIPT_WAIT_MS / 1000} s`, `${asked.status}, ${waited.status}`);
}
