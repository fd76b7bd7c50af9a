import { test } from 'node:test';
import net from 'node:net';
import { createServer } from 'node:http';
import { testApp } from '/work/wt-i40-misc/test/support/test-app';

test('probe', async () => {
  const { app, logs } = testApp();
  const server = createServer(app).listen(0);
  await new Promise((r) => server.once('listening', r));
  const port = (server.address() as net.AddressInfo).port;
  for (const path of ['/uploads/boomklever_6572410c09.jpg', '/share-event.png', '/uploads/bergpad_414d0072b2.jpg?w=640', '/', '/blog', '/assets/nothing.js']) {
    for (const extra of ['', 'Range: bytes=0-100\r\n', 'Accept-Encoding: gzip\r\n']) {
    await new Promise<void>((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => { s.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\n${extra}\r\n`); setTimeout(() => { s.destroy(); setTimeout(resolve, 300); }, 1); });
    });
    }
  }
  await new Promise((r) => setTimeout(r, 3000));
  for (const l of logs) { const j = JSON.stringify(l); if (!/"level":30/.test(j)) console.log(j.slice(0, 600)); }
  server.close();
});
