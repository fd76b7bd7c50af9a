// 13. A script against the no-JavaScript confirm step, at the production default limits. First
// as fast as it is answered: each contact post (asked to confirm, as nothing vouches for it) sent
// again at once with the stamp its confirmation page carries: nothing may be stored or mailed.
// Then patient, from an address of its own: every question read for the fill time, then
// confirmed, all naming one recipient: the confirmations stop at the form's budget (one a
// person behind the address), and the mails to that recipient at its own.
import { openDatabase } from '../../server/store/database';
import { createSubmissionStore } from '../../server/store/submissions';
import { createMailOutbox } from '../../server/mail/mail-outbox';
import { createFormStamps, DEFAULT_MIN_FILL_MS } from '../../server/forms/bot-guard';
import { DEFAULT_FORM_RATE_LIMIT_NO_CAPTCHA, MAILS_PER_RECIPIENT } from '../../server/forms/rate-limits';
import { postForm, stampIn } from './form-posts';
import type { Report } from './report';
import { FORM_SECRET, type Site } from './site';

const PART = 'scripted-confirm';
/** The two scripts' addresses: no other part on the shared server posts from them. */
const HASTY = '192.0.2.38';
const PATIENT = '192.0.2.39';
const stamps = createFormStamps(FORM_SECRET);

export async function scriptedConfirm(site: Site, opts: { hasty: number; patient: number }, report: Report): Promise<void> {
  const counted = () => {
    const db = openDatabase(site.dataDir);
    try {
      return { stored: createSubmissionStore(db).list({ form: 'contact' }).length, mails: createMailOutbox(db).list({ limit: 100_000 }).filter((m) => m.kind === 'contact.confirmation').map((m) => m.message?.to) };
    } finally {
      db.close();
    }
  };
  const before = counted();
  const victim = `slachtoffer-${Date.now()}@example.nl`;
  // Over the form's two pages: the questions kept per address and page (a class's worth) are
  // not what stops it, the budget of confirmations per address and form is.
  const contact = (i: number, email: string) => ({ name: 'Script', email, message: `Bericht ${i}`, privacy: 'on', _page: i % 2 ? '/en/contact' : '/contact' });

  const hasty = { askedAgain: 0, refused: 0, other: 0 };
  for (let i = 0; i < opts.hasty; i++) {
    const first = await postForm(site, 'contact', { ...contact(i, `ander${i}@example.nl`), _ts: stamps.stamp() }, { from: HASTY });
    const again = await postForm(site, 'contact', { ...contact(i, `ander${i}@example.nl`), _ts: stampIn(first.text) ?? '' }, { from: HASTY });
    if (again.status === 200 && again.text.includes('Bijna verstuurd')) hasty.askedAgain++;
    else if (again.status === 429) hasty.refused++;
    else hasty.other++;
  }
  const afterHasty = counted();

  const questions: string[] = [];
  for (let i = 0; i < opts.patient; i++) questions.push(stampIn((await postForm(site, 'contact', { ...contact(i, victim), _ts: stamps.stamp() }, { from: PATIENT })).text) ?? '');
  await new Promise((resolve) => setTimeout(resolve, DEFAULT_MIN_FILL_MS + 200));
  const patient = { stored: 0, refused: 0, askedAgain: 0, other: 0 };
  for (const [i, stamp] of questions.entries()) {
    const res = await postForm(site, 'contact', { ...contact(i, victim), _ts: stamp }, { from: PATIENT });
    if (res.status === 303) patient.stored++;
    else if (res.status === 429) patient.refused++;
    // Past the questions kept per address and page (the oldest dropped), or the budget: asked again.
    else if (res.status === 200 && res.text.includes('Bijna verstuurd')) patient.askedAgain++;
    else patient.other++;
  }
  const after = counted();
  const toVictim = after.mails.filter((to) => to === victim).length;

  report.figure(PART, 'hasty: posts confirmed at once', opts.hasty);
  report.figure(PART, 'hasty: asked again', hasty.askedAgain);
  report.figure(PART, 'hasty: stored', afterHasty.stored - before.stored);
  report.figure(PART, 'hasty: confirmation mails queued', afterHasty.mails.length - before.mails.length);
  report.figure(PART, 'patient: confirmations after the fill time', opts.patient);
  report.figure(PART, 'patient: stored', patient.stored);
  report.figure(PART, 'patient: refused past the budget', patient.refused);
  report.figure(PART, 'patient: asked again', patient.askedAgain);
  report.figure(PART, 'patient: mails to its one recipient', toVictim);
  if (afterHasty.stored !== before.stored || afterHasty.mails.length !== before.mails.length) report.fail(PART, `a hasty script stored ${afterHasty.stored - before.stored} and mailed ${afterHasty.mails.length - before.mails.length}`);
  if (hasty.other > 0) report.fail(PART, `${hasty.other} hasty confirmation(s) neither asked again nor refused`);
  if (patient.stored > DEFAULT_FORM_RATE_LIMIT_NO_CAPTCHA) report.fail(PART, `${patient.stored} confirmations stored from one address, past the budget of ${DEFAULT_FORM_RATE_LIMIT_NO_CAPTCHA}`);
  if (patient.other > 0) report.fail(PART, `${patient.other} patient confirmation(s) neither stored, refused nor asked again`);
  if (toVictim > MAILS_PER_RECIPIENT) report.fail(PART, `${toVictim} mails to one recipient, past ${MAILS_PER_RECIPIENT}`);
}
