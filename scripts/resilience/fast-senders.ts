// 12. Fast, honest senders without JavaScript: forms sent at once after the page was rendered
// (browser autofill), a contact message and a vacancy application with a CV. Each must be asked
// to confirm (never refused), then stored once after the confirmation (sent the fill time after
// the page that asked, as a person reads it), the CV with it; and no
// upload may be left behind. A bot that fills the honeypot is still refused. The senders share one
// address of their own (`FROM`): the server is shared with school-class (run.ts), whose class
// spends loopback's form budgets; the store is read for what this part sent.
import { readFileSync } from 'node:fs';
import { openDatabase } from '../../server/store/database';
import { createSubmissionStore } from '../../server/store/submissions';
import { createFormStamps, DEFAULT_MIN_FILL_MS } from '../../server/forms/bot-guard';
import { postForm, stampIn } from './form-posts';
import type { Report } from './report';
import { FORM_SECRET, filesUnder, type Site } from './site';

const PART = 'fast-senders';
/** The senders' address (X-Forwarded-For): no other part on the shared server posts from it. */
const FROM = '192.0.2.12';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const stamps = createFormStamps(FORM_SECRET);
/** How long a person takes to read the page that asks to confirm: past the server's fill time (3 s). */
const READ_MS = DEFAULT_MIN_FILL_MS + 200;

async function application(site: Site, stamp: string, withCv: boolean, i: number): Promise<{ status: number; text: string }> {
  const body = new FormData();
  for (const [k, v] of Object.entries({ name: `Noor ${i}`, email: `noor${i}@example.nl`, phone: '0612345678', privacy: 'on', _page: '/vacatures', _ts: stamp })) body.append(k, v);
  if (withCv) body.append('cv', new Blob([PDF], { type: 'application/pdf' }), 'cv.pdf');
  const res = await fetch(`${site.url}/forms/vacancy-application`, { method: 'POST', headers: { Origin: site.url, 'X-Forwarded-For': FROM }, body, redirect: 'manual' });
  return { status: res.status, text: await res.text() };
}

export async function fastSenders(site: Site, opts: { senders: number }, report: Report): Promise<void> {
  const storedBefore = (() => {
    const db = openDatabase(site.dataDir);
    try {
      return new Set(createSubmissionStore(db).list().map((r) => r.id));
    } finally {
      db.close();
    }
  })();
  const outcome = { asked: 0, refused: 0, confirmed: 0 };
  const note = (first: { status: number; text: string }) => {
    if (first.status === 200 && first.text.includes('Bijna verstuurd')) outcome.asked++;
    else outcome.refused++;
  };
  const contactOf = (i: number) => ({ name: `Sam ${i}`, email: `sam${i}@example.nl`, message: `Snel ingevuld ${i}`, privacy: 'on', _page: '/contact' });
  // Each asked first; then, as a person reads the page that asks (the fill time after the last
  // question: the server's 3 s), each confirmed with its page's stamp.
  const questions: Array<{ i: number; contact: string; application: string }> = [];
  for (let i = 0; i < opts.senders; i++) {
    const first = await postForm(site, 'contact', { ...contactOf(i), _ts: stamps.stamp() }, { from: FROM });
    note(first);
    const cvFirst = await application(site, stamps.stamp(), true, i);
    note(cvFirst);
    questions.push({ i, contact: stampIn(first.text) ?? '', application: stampIn(cvFirst.text) ?? '' });
  }
  await new Promise((resolve) => setTimeout(resolve, READ_MS));
  for (const q of questions) {
    if ((await postForm(site, 'contact', { ...contactOf(q.i), _ts: q.contact }, { from: FROM })).status === 303) outcome.confirmed++;
    if ((await application(site, q.application, false, q.i)).status === 303) outcome.confirmed++;
  }
  const bots = await postForm(site, 'contact', { name: 'Bot', email: 'bot@example.nl', message: 'spam', privacy: 'on', website: 'http://spam.example', _page: '/contact', _ts: stamps.stamp() }, { from: FROM });

  const db = openDatabase(site.dataDir);
  try {
    const store = createSubmissionStore(db);
    const mine = <T extends { id: string }>(records: T[]) => records.filter((r) => !storedBefore.has(r.id));
    const contacts = mine(store.list({ form: 'contact' }));
    const applications = mine(store.list({ form: 'vacancy-application' }));
    const withCv = applications.filter((a) => a.files.some((f) => f.field === 'cv' && readFileSync(f.path).equals(PDF))).length;
    const referenced = new Set(store.list().flatMap((a) => a.files.map((f) => f.path)));
    const stray = filesUnder(site.uploads).filter((f) => !referenced.has(f)).length;
    const sent = 2 * opts.senders;
    report.figure(PART, 'posts within the fill time', sent);
    report.figure(PART, 'asked to confirm', outcome.asked);
    report.figure(PART, 'refused', outcome.refused);
    report.figure(PART, 'stored after the confirmation', contacts.length + applications.length);
    report.figure(PART, 'applications with their CV kept', withCv);
    report.figure(PART, 'uploads left behind', stray);
    report.figure(PART, 'honeypot bot answered', bots.status);
    if (outcome.refused > 0) report.fail(PART, `${outcome.refused} fast honest post(s) refused`);
    if (outcome.confirmed !== sent || contacts.length + applications.length !== sent) report.fail(PART, `${sent} sent, ${outcome.confirmed} confirmed, ${contacts.length + applications.length} stored`);
    if (withCv !== opts.senders) report.fail(PART, `${withCv} of ${opts.senders} applications kept their CV across the confirmation`);
    if (stray > 0) report.fail(PART, `${stray} upload(s) left that no submission refers to`);
    if (bots.status !== 400) report.fail(PART, `a filled honeypot answered ${bots.status}, not 400`);
  } finally {
    db.close();
  }
}
