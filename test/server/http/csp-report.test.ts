// CSP reporting (server/http/csp-report.ts): every page names the site's report endpoint, which
// takes both report body types, logs only the useful fields, and holds against a flood.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import request from 'supertest';
import { testApp } from '../../support/test-app';
import { CSP_LOG_LINES, CSP_REPORT_MAX_BYTES, CSP_REPORTS_PER_CLIENT } from '../../../server/http/csp-report';

const cspLines = (logs: ReturnType<typeof testApp>['logs']) => logs.filter((l) => l.msg === 'content security policy violation');

const legacy = (n = 0) => ({
  'csp-report': {
    'document-uri': `https://stichtingjoinus.nl/wachtwoord-vergeten?code=SECRET${n}&email=a%40b.nl`,
    'blocked-uri': `https://evil.example/x.js?token=SECRET${n}`,
    'violated-directive': 'script-src-elem',
    'effective-directive': 'script-src-elem',
    'original-policy': "default-src 'self'",
    disposition: 'enforce',
    'source-file': 'https://stichtingjoinus.nl/assets/app.js?v=SECRET',
    'line-number': 12,
  },
});

const modern = [
  { type: 'csp-violation', age: 3, url: 'https://stichtingjoinus.nl/doneren?amount=5', body: { documentURL: 'https://stichtingjoinus.nl/doneren?amount=5&id=SECRET', blockedURL: 'inline', effectiveDirective: 'style-src-attr', disposition: 'enforce', sourceFile: null, lineNumber: 0 } },
  { type: 'csp-violation', body: { documentURL: 'https://stichtingjoinus.nl/en/contact#SECRET', blockedURL: 'data:image/png;base64,SECRET', effectiveDirective: 'img-src', disposition: 'report' } },
  { type: 'deprecation', body: { id: 'x', message: 'not a CSP report' } },
];

describe('reports of what the CSP blocked are taken in either body type, logged without secrets, and bounded per client and in all', () => {
  test('every page, rendered or from the render cache, names the report endpoint in report-to (Reporting-Endpoints) and report-uri', async () => {
    const { app } = testApp();
    for (const path of ['/', '/', '/over-ons', '/en/contact']) {
      const res = await request(app).get(path).expect(200);
      const csp = String(res.headers['content-security-policy']);
      assert.match(csp, /(^|;)report-to csp(;|$)/, `${path}: report-to`);
      assert.match(csp, /(^|;)report-uri \/csp-report(;|$)/, `${path}: report-uri`);
      assert.equal(res.headers['reporting-endpoints'], 'csp="/csp-report"');
    }
  });

  test('application/csp-report and application/reports+json: 204, one warning per violation with directive, blocked origin and page path only', async () => {
    const { app, logs } = testApp();
    await request(app).post('/csp-report').set('Content-Type', 'application/csp-report').send(JSON.stringify(legacy())).expect(204);
    await request(app).post('/csp-report').set('Content-Type', 'application/reports+json').send(JSON.stringify(modern)).expect(204);
    const lines = cspLines(logs);
    assert.deepEqual(
      lines.map((l) => l.csp),
      [
        { directive: 'script-src-elem', blocked: 'https://evil.example', document: '/wachtwoord-vergeten', source: 'https://stichtingjoinus.nl/assets/app.js', line: 12, disposition: 'enforce' },
        { directive: 'style-src-attr', blocked: 'inline', document: '/doneren', line: 0, disposition: 'enforce' },
        { directive: 'img-src', blocked: 'data:', document: '/en/contact', disposition: 'report' },
      ],
    );
    for (const l of lines) assert.equal(l.level, 40, 'a warning');
    assert.doesNotMatch(JSON.stringify(logs), /SECRET|a%40b/, 'no query string, fragment or data in the log');
    // Another body type is not a report.
    await request(app).post('/csp-report').set('Content-Type', 'text/plain').send('hello').expect(415);
  });

  test(`a body over ${CSP_REPORT_MAX_BYTES} bytes is refused (413) and not logged`, async () => {
    const { app, logs } = testApp();
    const big = legacy();
    (big['csp-report'] as Record<string, unknown>)['script-sample'] = 'x'.repeat(CSP_REPORT_MAX_BYTES);
    await request(app).post('/csp-report').set('Content-Type', 'application/csp-report').send(JSON.stringify(big)).expect(413);
    assert.equal(cspLines(logs).length, 0);
  });

  test(`${CSP_REPORTS_PER_CLIENT} posts a minute per client (then 429, another client still heard), and at most ${CSP_LOG_LINES} lines a minute in all, the rest counted in one line`, async () => {
    const { app, logs } = testApp();
    const post = (client: string) => request(app).post('/csp-report').set('X-Forwarded-For', client).set('Content-Type', 'application/csp-report').send(JSON.stringify(legacy()));
    for (let i = 0; i < CSP_REPORTS_PER_CLIENT; i++) await post('203.0.113.50').expect(204);
    const limited = await post('203.0.113.50').expect(429);
    assert.ok(limited.headers['retry-after']);
    await post('203.0.113.51').expect(204);
    // Many clients, each within its own limit: the log keeps its budget.
    for (let i = 0; i < 40; i++) await post(`198.51.100.${i + 1}`).expect(204);
    assert.equal(cspLines(logs).length, CSP_LOG_LINES);
    assert.equal(logs.filter((l) => String(l.msg).startsWith('CSP reports past the log budget')).length, 1, 'the rest: one line, then counted');
  });
});
