// 5. SIGTERM under load: keep-alive connections send request after request; the server gets
// SIGTERM midway. Every request written on a connection the server kept open is answered
// (the last one on each carries `Connection: close`), new connections are refused once it
// stopped listening, and the process exits 0.
import { keepAliveAgent, send } from './http';
import { percentile, type Report } from './report';
import { sitemapPaths, sleep, type Site } from './site';

const PART = 'shutdown';
const EXIT_BOUND_MS = 10_000;

export async function shutdown(site: Site, opts: { connections: number; loadMs: number }, report: Report): Promise<void> {
  const pages = (await sitemapPaths(site.url)).slice(0, 20);
  const searches = Array.from({ length: 50 }, (_, i) => `/locaties?postcode=${1000 + i * 7}AB&age=${12 + (i % 18)}`);
  let answered = 0;
  let answeredAfterSignal = 0;
  let closeHeaders = 0;
  const dropped: string[] = [];
  let refused = 0;
  let signalledAt = 0;
  const latencies: number[] = [];
  let i = 0;
  // Every connection is open and has been answered once before the load is timed.
  const agents = Array.from({ length: opts.connections }, () => keepAliveAgent());
  await Promise.all(agents.map((agent, n) => send({ method: 'GET', path: pages[n % pages.length]! }, { port: site.port, agent, timeoutMs: EXIT_BOUND_MS })));
  const clients = agents.map(async (agent) => {
    for (;;) {
      const path = i % 10 === 9 ? searches[i % searches.length]! : pages[i % pages.length]!;
      i++;
      const answer = await send({ method: 'GET', path }, { port: site.port, agent, timeoutMs: EXIT_BOUND_MS });
      if (answer.ok) {
        answered++;
        latencies.push(answer.ms);
        if (signalledAt) answeredAfterSignal++;
        if (answer.headers.connection === 'close') closeHeaders++;
        if (answer.status >= 500) dropped.push(`${answer.status} for ${path}`);
        continue;
      }
      // Refused: the server stopped listening; this client is done.
      if (answer.code === 'ECONNREFUSED') {
        refused++;
        break;
      }
      dropped.push(`${answer.code} for ${path}${answer.reusedSocket ? ' on a kept-open connection' : ' on a new connection'}`);
      if (!signalledAt) continue;
      break;
    }
    agent.destroy();
  });
  await sleep(opts.loadMs);
  site.expectRunning = false;
  signalledAt = performance.now();
  site.kill('SIGTERM');
  const exit = await Promise.race([site.exited, sleep(EXIT_BOUND_MS).then(() => null)]);
  const exitMs = performance.now() - signalledAt;
  await Promise.all(clients);

  if (!exit) report.fail(PART, `no exit within ${EXIT_BOUND_MS / 1000} s of SIGTERM`);
  else if (exit.code !== 0) report.fail(PART, `exit code ${exit.code} (signal ${exit.signal}) after SIGTERM`);
  if (dropped.length) report.fail(PART, `${dropped.length} request(s) dropped: ${dropped.slice(0, 5).join('; ')}`);
  report.figure(PART, 'keep-alive connections', opts.connections);
  report.figure(PART, 'answered (after SIGTERM)', `${answered} (${answeredAfterSignal})`);
  report.figure(PART, 'answers with Connection: close', closeHeaders);
  report.figure(PART, 'dropped', dropped.length);
  report.figure(PART, 'refused after listening stopped', refused);
  report.figure(PART, 'latency p50/p99 ms', `${Math.round(percentile(latencies, 50))}/${Math.round(percentile(latencies, 99))}`);
  report.figure(PART, 'exit code, s after SIGTERM', exit ? `${exit.code}, ${(exitMs / 1000).toFixed(2)}` : 'none');
}
