// Reserved uploads (issue 38, finding 4): slow multipart posts to every form from one address,
// each announcing nearly the whole uploads budget (UPLOADS_MAX_MB) and sending a few bytes of
// a file, held open; meanwhile real CVs are sent. The budget is taken by bytes received and only
// by a form with a file field, so every real CV (from another address) must be stored. The rate
// floor is off and the bodies per client raised here: only the budget is tried.
import { connect, type Socket } from 'node:net';
import type { Report } from './report';
import { startLogged } from './connections';
import { postApplication } from './disk';
import { sleep } from './site';

const PART = 'reserved uploads';
const MB = 1024 * 1024;
const BOUNDARY = 'resiliencereservedboundary';
const FORMS = ['vacancy-application', 'contact', 'course-information', 'start-location', 'vacancy-application', 'contact'];

export type ReservedUploadsProfile = { slowPosts: number; budgetMb: number; cvs: number };

export async function reservedUploads(opts: ReservedUploadsProfile, report: Report): Promise<void> {
  const site = await startLogged({ UPLOADS_MAX_MB: String(opts.budgetMb), DISK_FREE_MIN_MB: '0', BODY_MIN_BYTES_PER_S: '0', MAX_BODIES_PER_CLIENT: '64', FORM_POST_TIMEOUT_MS: '120000', FORM_POST_IDLE_TIMEOUT_MS: '60000' }, 4096);
  const sockets: Socket[] = [];
  try {
    if (site.exited()) return report.fail(PART, 'the server did not start');
    const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="name"\r\n\r\nNoor\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="cv"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`;
    for (let i = 0; i < opts.slowPosts; i++) {
      const socket = connect(site.port, '127.0.0.1');
      socket.on('error', () => {});
      sockets.push(socket);
      socket.write(`POST /forms/${FORMS[i % FORMS.length]} HTTP/1.1\r\nHost: localhost\r\nX-Forwarded-For: 203.0.113.88\r\nOrigin: ${site.url}\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${opts.budgetMb * MB - 1024}\r\n\r\n${head}`);
    }
    // A byte now and then keeps them in progress.
    const keep = setInterval(() => sockets.forEach((s) => !s.destroyed && s.write(' ')), 1000);
    await sleep(300);
    let accepted = 0;
    const answers: number[] = [];
    for (let i = 0; i < opts.cvs; i++) {
      const answer = await postApplication(site.url, 1, 1000 + i);
      answers.push(answer.status);
      if (answer.status === 200) accepted += 1;
      await sleep(200);
    }
    clearInterval(keep);
    const metrics = await fetch(`${site.url}/metrics`).then((r) => r.text(), () => '');
    const reserved = Number(/^joinus_uploads_bytes (\d+)/m.exec(metrics)?.[1] ?? NaN);
    const open = sockets.filter((s) => !s.destroyed && !s.closed).length;
    if (accepted < opts.cvs) report.fail(PART, `${opts.cvs - accepted} of ${opts.cvs} real CVs refused while ${opts.slowPosts} slow posts were open (answers ${answers.join(', ')})`);
    report.figure(PART, `slow posts over ${FORMS.length} forms, each announcing ${opts.budgetMb} MB`, opts.slowPosts);
    report.figure(PART, 'slow posts still open at the end', open);
    report.figure(PART, 'real 1 MB CVs accepted during', `${accepted}/${opts.cvs}`);
    report.figure(PART, 'uploads budget used at the end, KB (stored CVs and bytes in progress)', Number.isFinite(reserved) ? Math.round(reserved / 1024) : 'unknown');
  } finally {
    for (const s of sockets) s.destroy();
    await site.stop();
  }
}
