// Register says nothing of whether an account exists: for each of `pairs` addresses, one new and
// one that already has an account, posted without and with JavaScript; the two answers must be
// the same (status, where to, caching, which cookies, the body), and their times are compared.
import type { Report } from './report';
import { percentile } from './report';
import { ACCOUNT_CLIENTS, postAccountForm, type AccountsSite, type Answer } from './accounts-site';

const PART = 'register';
const NET = ACCOUNT_CLIENTS.register;

/** What a visitor or a script can see of an answer. */
const seen = (a: Answer) => JSON.stringify({ status: a.status, location: a.location, cacheControl: a.cacheControl, cookies: a.cookies.map((c) => c.split('=')[0] + (c.includes('=;') ? ' cleared' : ' set')), text: a.text });

export async function register(accounts: AccountsSite, opts: { pairs: number }, report: Report): Promise<void> {
  const { site, fake } = accounts;
  const post = (email: string, username: string, client: string, json: boolean) =>
    postAccountForm(site, 'register', { username, email, password: 'Geheim123!', passwordConfirmation: 'Geheim123!', _page: '/registreren' }, { client, json });
  // The accounts other parts on this site made before.
  const usersBefore = fake.users.length;
  for (let i = 0; i < opts.pairs; i++) await post(`bekend${i}@example.org`, `bekend${i}`, `${NET}.1.${1 + (i % 250)}`, false);
  let same = 0;
  const newMs: number[] = [];
  const knownMs: number[] = [];
  for (let i = 0; i < opts.pairs; i++) {
    const json = i % 2 === 1;
    const fresh = await post(`nieuw${i}@example.org`, `nieuw${i}`, `${NET}.2.${1 + (i % 250)}`, json);
    const known = await post(`bekend${i}@example.org`, `ander${i}`, `${NET}.3.${1 + (i % 250)}`, json);
    newMs.push(fresh.ms);
    knownMs.push(known.ms);
    if (seen(fresh) === seen(known)) same++;
    else if (opts.pairs - same <= 3) report.fail(PART, `a new and a known address were answered differently: ${fresh.status} ${fresh.location ?? ''} / ${known.status} ${known.location ?? ''}`);
  }
  const made = fake.users.length - usersBefore;
  if (made !== 2 * opts.pairs) report.fail(PART, `${made} accounts made (expected ${2 * opts.pairs})`);
  report.figure(PART, 'new vs known address: the same answer', `${same} of ${opts.pairs}`);
  report.figure(PART, 'answer p50 ms new/known', `${Math.round(percentile(newMs, 50))}/${Math.round(percentile(knownMs, 50))}`);
}
