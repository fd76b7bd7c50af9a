// A 101 MB upload against the built server as it runs in production: refused with the
// message asking for a file-transfer link, nothing kept, and the server's memory stays flat
// (it streams to disk).
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { spawnServer } from '../../support/spawn-server';
import { oldStamp } from './helpers';

const MB = 1024 * 1024;

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(m![1]) / 1024;
}

test('a 101 MB upload is refused with the file-transfer message while memory stays flat', { skip: process.platform !== 'linux' && 'reads /proc' }, async (t) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'joinus-big-'));
  const { child: server, port } = await spawnServer({ DATA_DIR: dataDir, FORM_SECRET: 'test-secret-for-forms-0123456789', FORM_MIN_FILL_MS: '0', RENDER_AHEAD: 'off' }); // posted right after the page is opened; memory measured without the startup renders' garbage
  try {
    await fetch(`http://127.0.0.1:${port}/vacatures`).then((r) => r.text()); // warm up the page path
    const before = rssMb(server.pid!);

    const boundary = 'joinusboundary';
    const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const head = Buffer.from(
      field('name', 'Noor') + field('email', 'noor@example.nl') + field('phone', '0612345678') + field('privacy', 'on') + field('_ts', oldStamp()) + field('_page', '/vacatures') +
        `--${boundary}\r\nContent-Disposition: form-data; name="cv"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    let peak = before;
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port, method: 'POST', path: '/forms/vacancy-application', headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}`, Origin: `http://127.0.0.1:${port}`, Accept: 'application/json' } },
        (res) => {
          let body = '';
          res.on('data', (c) => (body += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.write(head);
      const chunk = Buffer.alloc(MB, 0x41);
      let sent = 0;
      const pump = () => {
        while (sent < 101) {
          sent++;
          if (sent % 10 === 0) peak = Math.max(peak, rssMb(server.pid!));
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
        req.end(tail);
      };
      pump();
    });
    peak = Math.max(peak, rssMb(server.pid!));
    assert.equal(answer.status, 422);
    assert.match(JSON.parse(answer.body).errors.cv, /groter dan 100 MB.*downloadlink/);
    t.diagnostic(`server RSS ${before.toFixed(1)} MB before, peak ${peak.toFixed(1)} MB during the upload`);
    // Holding the file would grow the server by at least its 101 MB. What streaming costs is the
    // garbage V8 has not yet collected: 35 to 36 MB on 773b5e6, 38 to 41 MB once the replicas'
    // code landed (a server 8 MB larger at rest: 140 then 148 MB), measured on this machine.
    assert.ok(peak - before < 50, `server memory grew by ${(peak - before).toFixed(1)} MB during a 101 MB upload`);
    const uploads = path.join(dataDir, 'uploads');
    assert.deepEqual(existsSync(uploads) ? readdirSync(uploads) : [], [], 'nothing half-stored');
  } finally {
    server.kill('SIGTERM');
  }
});
