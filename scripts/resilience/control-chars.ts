// 9. Control characters: form posts whose every answer is seeded with NUL, ESC, other C0 and
// C1 controls, DEL and the bidirectional overrides, with JavaScript and without, to forms that
// store and mail. Then what reached the store, the notification mails' subjects and the CSV
// export (read through the server's own store and export code): none may carry a control
// character, and no CSV cell may start a formula, read with , or ; as separator.
import { csvCells } from '../../test/support/csv-cells';
import { openDatabase } from '../../server/store/database';
import { toCsv } from '../../server/store/export';
import { createSubmissionStore } from '../../server/store/submissions';
import { createMailOutbox } from '../../server/mail/mail-outbox';
import { postForm, solvedCaptcha } from './form-posts';
import { seededRandom } from './random';
import type { Report } from './report';
import { oldStamp, type Site } from './site';

const PART = 'control-chars';
const HOSTILE = ['\u0000', '\u001b[31m', '\u0007', '\u0008', '\u000b', '\u007f', '\u0085', '\u009b', '\u202e', '\u2066', '\r\n', '\t'];
const FORMULAS = ['=HYPERLINK("http://evil.example","klik")', '+31 6 1', '-2+3', '@SUM(1+1)', 'Sam;=1+1'];
// eslint-disable-next-line no-control-regex -- control characters are what this part is about
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
const FORMULA_START = /^[=+\-@\t\r]/;

export async function controlChars(site: Site, opts: { posts: number; seed: number }, report: Report): Promise<void> {
  const random = seededRandom(opts.seed);
  // What the store and the outbox held before: this part counts only what its posts made.
  const before = (() => {
    const db = openDatabase(site.dataDir);
    try {
      return { records: new Set(createSubmissionStore(db).list({ form: 'contact' }).map((r) => r.id)), mails: new Set(createMailOutbox(db).list({}).map((m) => m.id)) };
    } finally {
      db.close();
    }
  })();
  const dirty = (text: string) => {
    const at = random.int(0, text.length);
    return `${random.pick(HOSTILE)}${text.slice(0, at)}${random.pick(HOSTILE)}${text.slice(at)}${random.pick(HOSTILE)}`;
  };
  let accepted = 0;
  for (let i = 0; i < opts.posts; i++) {
    const json = i % 2 === 1;
    const fields: Record<string, string> = {
      name: dirty(i % 5 === 0 ? random.pick(FORMULAS) : `Sam de Vries ${i}`),
      email: `sam${i}@example.nl`,
      message: dirty(`Eerste regel ${i}\nTweede regel`),
      privacy: 'on',
      _page: '/contact',
      ...(json ? { altcha: await solvedCaptcha(site) } : { _ts: oldStamp() }),
    };
    const res = await postForm(site, 'contact', fields, { json });
    if (res.status === 200 || res.status === 303) accepted++;
    else report.fail(PART, `post ${i} (${json ? 'with' : 'without'} JavaScript) answered ${res.status}`);
  }

  const db = openDatabase(site.dataDir);
  try {
    const records = createSubmissionStore(db).list({ form: 'contact' }).filter((r) => !before.records.has(r.id));
    const inStore = records.filter((r) => Object.values(r.data).some((v) => typeof v === 'string' && CONTROL.test(v))).length;
    const subjects = createMailOutbox(db).list({}).filter((m) => m.kind === 'contact.notification' && !before.mails.has(m.id));
    const inSubjects = subjects.filter((m) => CONTROL.test(m.message?.subject ?? '') || /[\r\n]/.test(m.message?.subject ?? '')).length;
    const csv = toCsv(records);
    let cells = 0;
    let formulaCells = 0;
    let controlCells = 0;
    for (const separator of [',', ';']) {
      for (const cell of csvCells(csv, separator)) {
        cells++;
        if (FORMULA_START.test(cell)) formulaCells++;
        if (CONTROL.test(cell.replace(/\n/g, ''))) controlCells++;
      }
    }
    report.figure(PART, 'posts sent (half with JavaScript)', opts.posts);
    report.figure(PART, 'accepted', accepted);
    report.figure(PART, 'stored records', records.length);
    report.figure(PART, 'records with a control character', inStore);
    report.figure(PART, 'mail subjects', subjects.length);
    report.figure(PART, 'subjects with a control character', inSubjects);
    report.figure(PART, 'CSV cells read (, and ;)', cells);
    report.figure(PART, 'CSV cells starting a formula', formulaCells);
    report.figure(PART, 'CSV cells with a control character', controlCells);
    if (records.length !== accepted) report.fail(PART, `${accepted} accepted, ${records.length} stored`);
    if (inStore > 0) report.fail(PART, `${inStore} stored record(s) carry a control character`);
    if (subjects.length !== accepted) report.fail(PART, `${subjects.length} notification(s) for ${accepted} submissions`);
    if (inSubjects > 0) report.fail(PART, `${inSubjects} mail subject(s) carry a control character or line break`);
    if (formulaCells > 0) report.fail(PART, `${formulaCells} CSV cell(s) start a formula`);
    if (controlCells > 0) report.fail(PART, `${controlCells} CSV cell(s) carry a control character`);
  } finally {
    db.close();
  }
}

