// Slow bodies past the connection bound (issue 38, finding 2): one client, behind the proxy on
// loopback (named by X-Forwarded-For, as Varnish names it), opens more trickling posts than the
// server has connections, a byte every 5 s, multipart and urlencoded, to a page and to a form.
// Throughout, /healthz is asked on a fresh connection and another client sends the contact form:
// both must be answered every time. Bodies to the page are refused unread (413), the client's
// bodies past its share refused unread (429), the rest cut by rate (408).
import type { Report } from './report';
import { startLogged } from './connections';
import { sleep } from './site';
import { postContact } from './submissions';
import { connect, type Socket } from 'node:net';

const PART = 'slow bodies';
const BOUNDARY = 'resilienceslowboundary';

export type SlowBodiesProfile = { connections: number; maxConnections: number; seconds: number };

function trickling(port: number, origin: string, path: string, multipart: boolean) {
  const body = multipart ? `--${BOUNDARY}\r\nContent-Disposition: form-data; name="message"\r\n\r\n${'x'.repeat(500)}\r\n--${BOUNDARY}--\r\n` : `message=${'x'.repeat(500)}`;
  const type = multipart ? `multipart/form-data; boundary=${BOUNDARY}` : 'application/x-www-form-urlencoded';
  const socket: Socket = connect(port, '127.0.0.1');
  const state = { received: '', closed: false };
  socket.on('data', (d: Buffer) => (state.received += d.toString('latin1')));
  socket.on('close', () => (state.closed = true));
  socket.on('error', () => {});
  socket.write(`POST ${path} HTTP/1.1\r\nHost: localhost\r\nOrigin: ${origin}\r\nX-Forwarded-For: 203.0.113.66\r\nContent-Type: ${type}\r\nContent-Length: ${body.length}\r\n\r\n`);
  let sent = 0;
  const timer = setInterval(() => (socket.destroyed ? clearInterval(timer) : socket.write(body[sent++ % body.length]!)), 5000);
  return { socket, state, timer, status: () => /^HTTP\/1\.1 (\d{3})/.exec(state.received)?.[1] ?? 'none' };
}

export async function slowBodies(opts: SlowBodiesProfile, report: Report): Promise<void> {
  const site = await startLogged({ MAX_CONNECTIONS: String(opts.maxConnections), BODY_RATE_GRACE_MS: '1000' }, 4096);
  const attackers: Array<ReturnType<typeof trickling>> = [];
  try {
    if (site.exited()) return report.fail(PART, 'the server did not start');
    const paths = ['/', '/forms/contact', '/over-ons', '/forms/vacancy-application'];
    for (let i = 0; i < opts.connections; i++) {
      attackers.push(trickling(site.port, site.url, paths[i % paths.length]!, i % 3 !== 0));
      if (i % 50 === 49) await sleep(10);
    }
    const health = { asked: 0, answered: 0 };
    const other = { asked: 0, answered: 0, missed: [] as string[] };
    let held = 0;
    const started = performance.now();
    const until = started + opts.seconds * 1000;
    while (performance.now() < until) {
      const [h, o] = await Promise.all([
        fetch(`${site.url}/healthz`, { headers: { Connection: 'close' }, signal: AbortSignal.timeout(2000) }).then((r) => r.status, () => 0),
        postContact(site, `slow-bodies-${other.asked}`, 3000, '203.0.113.77').then((r) => {
          const status = r.accepted ? 200 : r.outcome.ok ? r.outcome.status : 0;
          if (!(status > 0 && status < 500)) other.missed.push(`${((performance.now() - started) / 1000).toFixed(1)} s: ${r.outcome.ok ? r.outcome.status : r.outcome.error}`);
          return status;
        }),
      ]);
      health.asked += 1;
      if (h === 200) health.answered += 1;
      other.asked += 1;
      if (o > 0 && o < 500) other.answered += 1;
      held = Math.max(held, attackers.filter((a) => !a.state.closed).length);
      await sleep(250);
    }
    const by = (status: string) => attackers.filter((a) => a.status() === status).length;
    const stillOpen = attackers.filter((a) => !a.state.closed).length;
    if (health.answered < health.asked) report.fail(PART, `/healthz answered ${health.answered} of ${health.asked} times while one client trickled ${opts.connections} bodies`);
    if (other.answered < other.asked) report.fail(PART, `another client's contact form answered ${other.answered} of ${other.asked} times (missed: ${other.missed.join('; ')})`);
    report.figure(PART, `trickling bodies opened (bound ${opts.maxConnections})`, opts.connections);
    report.figure(PART, 'connections held by them, most / at the end', `${held} / ${stillOpen}`);
    report.figure(PART, 'refused unread: page 413 / over share 429', `${by('413')} / ${by('429')}`);
    report.figure(PART, 'cut by rate (408)', by('408'));
    report.figure(PART, '/healthz answered during', `${health.answered}/${health.asked}`);
    report.figure(PART, "another client's form answered during", `${other.answered}/${other.asked}`);
  } finally {
    for (const a of attackers) {
      clearInterval(a.timer);
      a.socket.destroy();
    }
    await site.stop();
  }
}
