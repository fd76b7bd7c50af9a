// 4. Uploads cut short: a client that goes away mid-upload, and one that trickles (1 KB every
// 100 ms). Neither may leave an open descriptor or a partial file in DATA_DIR/uploads, and the
// slow one must be cut (408) at FORM_POST_TIMEOUT_MS, not hold its file for Node's 300 s.
import { connect, type Socket } from 'node:net';
import type { Report } from './report';
import { descriptors, filesUnder, oldStamp, sleep, type Site } from './site';
import { until } from '../../test/support/until';

const PART = 'uploads';
const MB = 1024 * 1024;
const BOUNDARY = 'resilienceboundary';

const field = (name: string, value: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;

/** A vacancy application's request head and its body up to the first bytes of the CV. */
function applicationStart(site: Site, contentLength: number): string {
  const body =
    field('name', 'Noor') + field('email', 'noor@example.nl') + field('phone', '0612345678') + field('privacy', 'on') + field('_ts', oldStamp()) + field('_page', '/vacatures') +
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="cv"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`;
  return (
    `POST /forms/vacancy-application HTTP/1.1\r\nHost: ${new URL(site.url).host}\r\nOrigin: ${site.url}\r\nAccept: application/json\r\n` +
    `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${contentLength}\r\n\r\n${body}`
  );
}

function rawClient(site: Site) {
  const socket: Socket = connect(site.port, '127.0.0.1');
  const state = { received: '', closed: false };
  socket.on('data', (d: Buffer) => (state.received += d.toString('latin1')));
  socket.on('close', () => (state.closed = true));
  socket.on('error', () => {});
  return { socket, state };
}

export async function uploads(site: Site, opts: { aborted: number; abortAfterMb: number; slowTotalMs: number; slowIdleMs: number }, report: Report): Promise<void> {
  const before = descriptors(site.pid, site.uploads);
  const filesBefore = filesUnder(site.uploads).length;
  const leftAfter = () => ({ fds: descriptors(site.pid, site.uploads).under.length - before.under.length, files: filesUnder(site.uploads).length - filesBefore });

  // Aborted midway, one after another.
  for (let i = 0; i < opts.aborted; i++) {
    const client = rawClient(site);
    client.socket.write(applicationStart(site, 50 * MB));
    const chunk = Buffer.alloc(MB, 0x41);
    for (let mb = 0; mb < opts.abortAfterMb; mb++) await Promise.race([new Promise<void>((resolve) => client.socket.write(chunk, () => resolve())), sleep(5000)]);
    // The server is writing the CV now.
    await until(() => filesUnder(site.uploads).length > filesBefore, 3000, 20);
    client.socket.destroy();
  }
  const abortSettled = await until(() => leftAfter().fds === 0 && leftAfter().files === 0, 3000);
  const afterAbort = leftAfter();
  if (!abortSettled) report.fail(PART, `${opts.aborted} uploads aborted after ${opts.abortAfterMb} MB left ${afterAbort.fds} open descriptor(s) and ${afterAbort.files} partial file(s) in DATA_DIR/uploads`);
  report.figure(PART, `aborted after ${opts.abortAfterMb} MB`, opts.aborted);
  report.figure(PART, 'descriptors/files left by aborts', `${afterAbort.fds}/${afterAbort.files}`);

  // A trickle: never idle, far too slow.
  const baseline = leftAfter();
  const client = rawClient(site);
  const started = performance.now();
  client.socket.write(applicationStart(site, 10 * MB));
  const trickle = setInterval(() => !client.socket.destroyed && client.socket.write(Buffer.alloc(1024, 0x41)), 100);
  const boundMs = opts.slowTotalMs + 3000;
  const cut = await until(() => client.state.closed, boundMs);
  clearInterval(trickle);
  const cutMs = performance.now() - started;
  const status = /^HTTP\/1\.1 (\d{3})/.exec(client.state.received)?.[1];
  if (!cut) report.fail(PART, `a 10 KB/s upload was still open after ${(boundMs / 1000).toFixed(1)} s (FORM_POST_TIMEOUT_MS ${opts.slowTotalMs}): not cut`);
  else if (status !== '408') report.fail(PART, `a 10 KB/s upload was answered ${status ?? 'nothing'} (expected 408)`);
  client.socket.destroy();
  await sleep(200);
  const slowSettled = await until(() => leftAfter().fds <= baseline.fds && leftAfter().files <= baseline.files, 3000);
  const afterSlow = leftAfter();
  if (!slowSettled) report.fail(PART, `the slow upload left ${afterSlow.fds - baseline.fds} open descriptor(s) and ${afterSlow.files - baseline.files} partial file(s)`);
  report.figure(PART, 'slow upload: answer, s', cut ? `${status ?? 'closed'}, ${(cutMs / 1000).toFixed(1)}` : `none in ${(boundMs / 1000).toFixed(0)} s`);
  report.figure(PART, 'descriptors/files left by the slow one', `${afterSlow.fds - baseline.fds}/${afterSlow.files - baseline.files}`);
  report.figure(PART, 'open descriptors before/after', `${before.total}/${descriptors(site.pid, site.uploads).total}`);
}
