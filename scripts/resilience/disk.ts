// 7. Disk: vacancy applications with a CV each, posted one after another against a small
// uploads budget (UPLOADS_MAX_MB), until well past it: those that fit are stored, the rest are
// refused (422, the download-link message at the CV) with nothing written, and the bytes under
// DATA_DIR/uploads never pass the budget. Then a server whose free-space floor
// (DISK_FREE_MIN_MB) is above the disk's free space: an upload is refused, a contact form
// without files is still stored, and both the log and /readyz say the disk is low.
import { statfsSync, statSync } from 'node:fs';
import type { Report } from './report';
import { filesUnder, logWritten, oldStamp, type Site } from './site';
import { startLogged } from './connections';
import { postContact } from './submissions';

const PART = 'disk';
const MB = 1024 * 1024;
const BOUNDARY = 'resiliencediskboundary';

export type DiskProfile = { posts: number; cvMb: number; budgetMb: number };

const field = (name: string, value: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;

/** Applicant `n`'s vacancy application with a PDF of `cvMb`, as a visitor without JavaScript sends it. */
function application(cvMb: number, n: number): Buffer {
  const head = field('name', `Noor ${n}`) + field('email', `noor${n}@example.nl`) + field('phone', '0612345678') + field('privacy', 'on') + field('_ts', oldStamp()) + field('_page', '/vacatures');
  const cv = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="cv"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
  return Buffer.concat([Buffer.from(head + cv + '%PDF-1.4\n'), Buffer.alloc(cvMb * MB, 0x20), Buffer.from(`\n%%EOF\n\r\n--${BOUNDARY}--\r\n`)]);
}

/** Its status and, refused, the message at the CV; status 0 when it was not answered. */
export async function postApplication(url: string, cvMb: number, n: number): Promise<{ status: number; cvError?: string }> {
  try {
    const res = await fetch(`${url}/forms/vacancy-application`, {
      method: 'POST',
      headers: { Origin: url, Accept: 'application/json', 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` },
      body: new Uint8Array(application(cvMb, n)),
      signal: AbortSignal.timeout(30_000),
    });
    const body = (await res.json().catch(() => ({}))) as { errors?: Record<string, string> };
    return { status: res.status, cvError: body.errors?.cv };
  } catch {
    return { status: 0 };
  }
}

const bytesUnder = (dir: string) => filesUnder(dir).reduce((sum, f) => sum + statSync(f).size, 0);

export async function disk(opts: DiskProfile, report: Report): Promise<void> {
  // The budget.
  const site = await startLogged({ UPLOADS_MAX_MB: String(opts.budgetMb), DISK_FREE_MIN_MB: '0' }, 20_000);
  const uploads = `${site.dataDir}/uploads`;
  let stored = 0;
  let refused = 0;
  let peak = 0;
  try {
    for (let i = 0; i < opts.posts; i++) {
      const answer = await postApplication(site.url, opts.cvMb, i);
      peak = Math.max(peak, bytesUnder(uploads));
      if (answer.status === 200) stored += 1;
      else if (answer.status === 422 && /downloadlink/.test(answer.cvError ?? '')) refused += 1;
      else report.fail(PART, `application ${i + 1} was answered ${answer.status} ${answer.cvError ?? ''}`);
    }
    if (refused === 0) report.fail(PART, `${opts.posts} applications of ${opts.cvMb} MB against a ${opts.budgetMb} MB budget: none refused`);
    if (peak > opts.budgetMb * MB) report.fail(PART, `${(peak / MB).toFixed(1)} MB under DATA_DIR/uploads, past the ${opts.budgetMb} MB budget`);
    if (stored === 0) report.fail(PART, 'no application was stored at all');
    await logWritten();
    const budgetLines = site.lines.filter((l) => l.msg === 'uploads budget full: new uploads are refused (UPLOADS_MAX_MB)').length;
    if (budgetLines < 1) report.fail(PART, 'the log did not say that the uploads budget is full');
    report.figure(PART, `applications of ${opts.cvMb} MB, budget ${opts.budgetMb} MB`, opts.posts);
    report.figure(PART, 'stored / refused (422, download link)', `${stored} / ${refused}`);
    report.figure(PART, 'MB under DATA_DIR/uploads at most', peak / MB);
  } finally {
    await site.stop();
  }

  // The free-space floor, above what the disk has.
  const freeMb = Math.floor((statfsSync(site.dataDir).bavail * statfsSync(site.dataDir).bsize) / MB);
  const low = await startLogged({ DISK_FREE_MIN_MB: String(freeMb + 1024) }, 20_000);
  try {
    const upload = await postApplication(low.url, 1, 0);
    if (upload.status !== 422 || !/downloadlink/.test(upload.cvError ?? '')) report.fail(PART, `with the disk below its floor an upload was answered ${upload.status} ${upload.cvError ?? ''} (expected 422 asking for a download link)`);
    const written = filesUnder(`${low.dataDir}/uploads`).length;
    if (written) report.fail(PART, `with the disk below its floor ${written} file(s) were written`);
    const contact = await postContact({ url: low.url, port: low.port } as Site, 'disk-low');
    if (!contact.accepted) report.fail(PART, 'with the disk below its floor a contact form without files was not stored');
    const ready = await fetch(`${low.url}/readyz`, { headers: { 'X-Forwarded-For': '203.0.113.9' } });
    const body = (await ready.json()) as { status?: string; checks?: Record<string, string> };
    if (body.checks?.disk !== 'not-ok') report.fail(PART, `/readyz said disk ${body.checks?.disk ?? 'nothing'} with the disk below its floor`);
    await logWritten();
    const alarm = low.lines.some((l) => l.msg === 'disk space low: new uploads are refused');
    if (!alarm) report.fail(PART, 'the log did not say the disk is low');
    report.figure(PART, 'disk below floor: upload / contact', `${upload.status} / ${contact.outcome.ok ? contact.outcome.status : contact.outcome.code}`);
    report.figure(PART, 'disk below floor: /readyz status, disk check', `${ready.status} ${body.status}, ${body.checks?.disk}`);
    report.figure(PART, 'disk below floor: alarm in the log', alarm ? 'yes' : 'no');
  } finally {
    await low.stop();
  }
}
