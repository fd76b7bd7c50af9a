// npm run request-path [-- --counts] (after npm run build): which of the site's source files three requests run through, measured
// with V8's precise coverage (functions called during that request alone, after a warm-up):
// a cached page, a contact form sent without JavaScript (stored; and with a mistake, the page
// again), and a content webhook (a blog post published). Prints the files per request in the order of the
// folders, and the count. For the architecture's review (issue: answers as values, one writer).
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import request from 'supertest';
import { testApp } from '../../test/support/test-app';
import { oldStamp, ORIGIN, validContact } from '../../test/server/forms/helpers';
import { CONTENT_WEBHOOK_PATH } from '../../src/routing/endpoints';

const SECRET = 'request-path-webhook-secret';
const root = process.cwd();

type Step = { name: string; run: (app: ReturnType<typeof testApp>['app']) => Promise<unknown> };

const STEPS: Step[] = [
  { name: 'a cached page (GET /over-ons, second time)', run: (app) => request(app).get('/over-ons').set('Accept-Encoding', 'gzip').expect(200) },
  {
    name: 'a contact form without JavaScript (valid: stored, 303 to the thank-you page)',
    run: (app) =>
      request(app)
        .post('/forms/contact')
        .set('Origin', ORIGIN)
        .type('form')
        .send({ ...validContact, message: `Een vraag over de groepen ${Date.now()}`, _page: '/contact', _locale: 'nl', _ts: oldStamp(), website: '' })
        .expect((res) => {
          if (res.status >= 400) throw new Error(`contact post answered ${res.status}`);
        }),
  },
  {
    name: 'the same form with a mistake (422: the page again with the message and the answers)',
    run: (app) =>
      request(app)
        .post('/forms/contact')
        .set('Origin', ORIGIN)
        .type('form')
        .send({ ...validContact, email: 'geen-adres', _page: '/contact', _locale: 'nl', _ts: oldStamp(), website: '' })
        .expect(422),
  },
  {
    name: 'a content webhook (a blog post published)',
    run: (app) => request(app).post(CONTENT_WEBHOOK_PATH).set('X-Webhook-Secret', SECRET).send({ event: 'entry.publish', model: 'api::blog-post.blog-post', entry: { id: 4, documentId: 'h6s04ysqkjdiyeagb9v1787w' } }).expect(204),
  },
];

async function main() {
  const { app } = testApp({ webhookSecret: SECRET });
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
  // Warm-up: every step twice, so module loading and first renders are not counted.
  for (const step of STEPS) {
    await step.run(app);
    await step.run(app);
  }
  await request(app).get('/over-ons').expect(200);
  for (const step of STEPS) {
    await session.post('Profiler.takePreciseCoverage'); // resets the counts
    await step.run(app);
    const { result } = await session.post('Profiler.takePreciseCoverage');
    const files = new Set<string>();
    for (const script of result) {
      if (!script.url.startsWith('file://')) continue;
      const file = path.relative(root, new URL(script.url).pathname);
      if (!/^(server|src)\//.test(file)) continue;
      if (script.functions.some((f) => f.ranges[0]!.count > 0)) files.add(file);
    }
    const sorted = [...files].sort();
    const server = sorted.filter((f) => f.startsWith('server/'));
    console.log(`\n${step.name}: ${sorted.length} files (${server.length} under server/)`);
    if (!process.argv.includes('--counts')) for (const file of sorted) console.log(`  ${file}`);
  }
  await session.post('Profiler.stopPreciseCoverage');
  session.disconnect();
  process.exit(0);
}

void main();
