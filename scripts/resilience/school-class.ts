// 11. A school class behind one address, at the production default limits: thirty pupils do
// the loneliness test without JavaScript and thirty with (each must see a result with its help
// lines), and write to the foundation with the contact form both ways (each must be taken).
// Then a script from that address: a burst of test posts without captcha (every one shown or,
// past a flood no class reaches, refused; nothing kept past the budget), and a burst of
// contact posts without captcha past the budget (asked to confirm or refused, none stored).
// And the class looking for a group at the same moment, each pupil a postcode nobody searched
// before (a render each, none cached), without JavaScript and with: every pupil sees an outcome.
import { openDatabase } from '../../server/store/database';
import { createSubmissionStore } from '../../server/store/submissions';
import { SEARCH_OUTCOME_ID } from '../../src/features/find-group/views/search-outcome-id';
import { postForm, solvedCaptcha } from './form-posts';
import type { Report } from './report';
import { oldStamp, type Site } from './site';

const PART = 'school-class';
const CLASS = 30;
const answers = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`q${i + 1}`, i % 3 === 0 ? 'ja' : 'min-of-meer']));
const TEST = { ...answers, postcode: '4001 AA', age: '15', consent: 'on', _locale: 'nl', _page: '/doe-de-test/start' };
const CONTACT = { name: 'Leerling', email: 'leerling@example.nl', privacy: 'on', _page: '/contact' };

export async function schoolClass(site: Site, opts: { testBurst: number; contactBurst: number }, report: Report): Promise<void> {
  const stored = (form: string) => {
    const db = openDatabase(site.dataDir);
    try {
      return createSubmissionStore(db).list({ form }).length;
    } finally {
      db.close();
    }
  };
  // Results other parts on this server kept before (run.ts shares it): none are this class's.
  const testsBefore = stored('loneliness-test');
  const counts = { shownPlain: 0, shownJs: 0, contactPlain: 0, contactJs: 0 };
  const started = performance.now();
  for (let pupil = 1; pupil <= CLASS; pupil++) {
    const plain = await postForm(site, 'loneliness-test', { ...TEST, _ts: oldStamp() });
    if (plain.status === 200 && plain.text.includes('class="test-help"')) counts.shownPlain++;
    const js = await postForm(site, 'loneliness-test', { ...TEST, altcha: await solvedCaptcha(site) }, { json: true });
    if (js.status === 200 && (JSON.parse(js.text) as { ok?: boolean }).ok) counts.shownJs++;
    if ((await postForm(site, 'contact', { ...CONTACT, message: `Vraag ${pupil}`, _ts: oldStamp() })).status === 303) counts.contactPlain++;
    if ((await postForm(site, 'contact', { ...CONTACT, message: `Vraag ${pupil} (JS)`, altcha: await solvedCaptcha(site) }, { json: true })).status === 200) counts.contactJs++;
  }
  const classSeconds = (performance.now() - started) / 1000;
  const testsStored = stored('loneliness-test') - testsBefore;
  report.figure(PART, `test results shown without JS (of ${CLASS})`, counts.shownPlain);
  report.figure(PART, `test results shown with JS (of ${CLASS})`, counts.shownJs);
  report.figure(PART, `contact posts taken without JS (of ${CLASS})`, counts.contactPlain);
  report.figure(PART, `contact posts taken with JS (of ${CLASS})`, counts.contactJs);
  report.figure(PART, 'class seconds (120 posts, 60 captchas)', classSeconds);
  for (const [what, n] of Object.entries(counts)) if (n !== CLASS) report.fail(PART, `${what}: ${n} of ${CLASS} pupils served`);
  if (testsStored !== 2 * CLASS) report.fail(PART, `${testsStored} test results kept of ${2 * CLASS} consents`);

  // A script at the same address: test posts without captcha, as fast as they are answered.
  const burst = { shown: 0, refused: 0, other: 0 };
  for (let i = 0; i < opts.testBurst; i++) {
    const res = await postForm(site, 'loneliness-test', { ...TEST, _ts: oldStamp() });
    if (res.status === 200 && res.text.includes('class="test-help"')) burst.shown++;
    else if (res.status === 429) burst.refused++;
    else burst.other++;
  }
  const keptFromBurst = stored('loneliness-test') - testsBefore - testsStored;
  report.figure(PART, 'script: test posts without captcha', opts.testBurst);
  report.figure(PART, 'script: results shown', burst.shown);
  report.figure(PART, 'script: refused (a flood)', burst.refused);
  report.figure(PART, 'script: results kept', keptFromBurst);
  if (burst.other > 0) report.fail(PART, `${burst.other} burst test post(s) answered neither a result nor 429`);
  if (keptFromBurst > 0) report.fail(PART, `${keptFromBurst} result(s) kept past the budget without captcha`);
  if (burst.shown < Math.min(opts.testBurst, 5 * CLASS)) report.fail(PART, `only ${burst.shown} results shown to the burst: a class-sized reader was refused`);

  await searchAtOnce(site, report);

  const contactBefore = stored('contact');
  const contact = { asked: 0, refused: 0, other: 0 };
  for (let i = 0; i < opts.contactBurst; i++) {
    const res = await postForm(site, 'contact', { ...CONTACT, message: `spam ${i}`, _ts: oldStamp() });
    if (res.status === 200 && res.text.includes('Bijna verstuurd')) contact.asked++;
    else if (res.status === 429) contact.refused++;
    else contact.other++;
  }
  const contactKept = stored('contact') - contactBefore;
  report.figure(PART, 'script: contact posts without captcha', opts.contactBurst);
  report.figure(PART, 'script: asked to confirm', contact.asked);
  report.figure(PART, 'script: refused (past the form budget)', contact.refused);
  report.figure(PART, 'script: contact posts stored', contactKept);
  if (contact.other > 0) report.fail(PART, `${contact.other} burst contact post(s) neither asked to confirm nor refused`);
  if (contactKept > 0) report.fail(PART, `${contactKept} contact post(s) stored past the budget without a confirmation`);
}

/** Thirty new searches sent at once from the class's address, then thirty more as the enhanced
 * form fetches them (the router's Flight request): each must be answered with its outcome. */
async function searchAtOnce(site: Site, report: Report): Promise<void> {
  for (const mode of ['without JS', 'with JS'] as const) {
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: CLASS }, async (_, pupil) => {
        const postcode = `${mode === 'with JS' ? 5100 + pupil : 4100 + pupil} AB`;
        const query = new URLSearchParams({ age: '15', postcode, ...(mode === 'with JS' ? { _rsc: '1' } : {}) });
        const res = await fetch(`${site.url}/locaties?${query.toString()}`);
        const text = await res.text();
        const seconds = (performance.now() - started) / 1000;
        const outcome = mode === 'with JS' ? res.headers.get('content-type')?.startsWith('text/x-component') && text.includes(postcode) : text.includes(`id="${SEARCH_OUTCOME_ID}"`);
        return { ok: res.status === 200 && outcome === true, status: res.status, seconds };
      }),
    );
    const served = answers.filter((a) => a.ok).length;
    report.figure(PART, `new searches at once ${mode}: outcomes shown (of ${CLASS})`, served);
    report.figure(PART, `new searches at once ${mode}: slowest answer (s)`, Math.max(...answers.map((a) => a.seconds)));
    if (served !== CLASS) report.fail(PART, `${CLASS - served} of ${CLASS} searches at once ${mode} got no outcome (statuses ${[...new Set(answers.filter((a) => !a.ok).map((a) => a.status))].join(', ')})`);
  }
}
