// The alert rules (deploy/prometheus/alerts.yml) and the Grafana dashboard
// (deploy/grafana/join-us.json) read series the site really exports: the site is composed as
// production composes it (test-app.ts, with a real Redis, an outbox's backlog, the uploads' disk
// and the render budget), asked for a few pages and a form post, and scraped; every series name
// in every alert expression and dashboard query must be in that scrape (a histogram's as
// _bucket, _sum or _count), every label it matches or groups by must be one of that metric's
// labels, and every value it matches exactly must be one the scrape shows. promtool (Debian's
// `prometheus` package) checks the rules' syntax, runs deploy/prometheus/alerts.test.yml (each
// alert fires where it should and stays quiet where it should not) and checks the dashboard's
// queries as recording rules.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import pino from 'pino';
import request from 'supertest';
import { connectSharedStore, type SharedStore } from '../../server/shared/shared-store';
import { oldStamp, ORIGIN, validContact } from '../server/forms/helpers';
import { parsePrometheusText } from '../support/prometheus-text';
import { readPromql } from '../support/promql';
import { startRedis } from '../support/redis';
import { testApp } from '../support/test-app';

const ROOT = new URL('../../', import.meta.url).pathname;
const ALERTS = path.join(ROOT, 'deploy/prometheus/alerts.yml');
const ALERT_TESTS = path.join(ROOT, 'deploy/prometheus/alerts.test.yml');
const DASHBOARD = path.join(ROOT, 'deploy/grafana/join-us.json');
/** Labels Prometheus gives every series of a target. */
const TARGET_LABELS = new Set(['job', 'instance']);
/** Series Prometheus makes itself for each target (not in /metrics). */
const PROMETHEUS_MADE = new Set(['up']);
const PROMTOOL = process.env.PROMTOOL_PATH ?? '/usr/bin/promtool';

type Exported = { names: Set<string>; labels: Map<string, Set<string>>; values: Map<string, Map<string, Set<string>>> };

// ---- What the files say -------------------------------------------------------------------

type AlertRule = { name: string; expr: string; for?: string; severity?: string; annotations: Record<string, string> };

/** The alerts of alerts.yml, read line by line (the file's own block style; promtool reads the
 * YAML itself below, and the count must agree). */
function alertRules(text: string): AlertRule[] {
  const lines = text.split('\n');
  const rules: AlertRule[] = [];
  let rule: AlertRule | null = null;
  let inAnnotations = false;
  /** A value on its line, or a folded block (`>-`) on the lines below, more indented. */
  const valueAt = (i: number, inline: string): string => {
    if (!/^[>|][-+]?$/.test(inline)) return inline.replace(/^"(.*)"$/, '$1');
    const indent = lines[i]!.search(/\S/);
    const block: string[] = [];
    for (let j = i + 1; j < lines.length && (lines[j]!.trim() === '' || lines[j]!.search(/\S/) > indent); j++) block.push(lines[j]!.trim());
    return block.join(inline.startsWith('|') ? '\n' : ' ').trim();
  };
  lines.forEach((line, i) => {
    const alert = /^\s+- alert: (\S+)$/.exec(line);
    if (alert) {
      rules.push((rule = { name: alert[1]!, expr: '', annotations: {} }));
      inAnnotations = false;
      return;
    }
    if (!rule) return;
    const field = /^(\s+)([a-z_]+):\s*(.*)$/.exec(line);
    if (!field) return;
    const [, , key, inline] = field as unknown as [string, string, string, string];
    if (key === 'annotations') inAnnotations = true;
    else if (key === 'labels') inAnnotations = false;
    else if (key === 'expr') rule.expr = valueAt(i, inline);
    else if (key === 'for') rule.for = inline;
    else if (key === 'severity') rule.severity = inline;
    else if (inAnnotations) rule.annotations[key] = valueAt(i, inline);
  });
  return rules;
}

/** alerts.yml without its annotations (promtool's unit tests compare annotations whole). */
function withoutAnnotations(text: string): string {
  const out: string[] = [];
  let skipDeeperThan: number | null = null;
  for (const line of text.split('\n')) {
    const indent = line.search(/\S/);
    if (skipDeeperThan !== null && (line.trim() === '' || indent > skipDeeperThan)) continue;
    skipDeeperThan = null;
    const annotations = /^(\s+)annotations:\s*$/.exec(line);
    if (annotations) skipDeeperThan = annotations[1]!.length;
    else out.push(line);
  }
  return out.join('\n');
}

type Dashboard = { panels: Array<{ id: number; type: string; title: string; datasource?: { uid?: string }; targets?: Array<{ refId: string; expr: string }> }>; templating: { list: Array<{ name: string; type: string; query?: unknown; definition?: string }> } };

/** Every query of the dashboard: its panels' targets, and its variables' label_values(). */
function dashboardQueries(d: Dashboard): Array<{ where: string; expr: string; label?: string }> {
  const queries: Array<{ where: string; expr: string; label?: string }> = [];
  for (const p of d.panels) for (const t of p.targets ?? []) queries.push({ where: `panel ${p.id} "${p.title}" ${t.refId}`, expr: t.expr });
  for (const v of d.templating.list) {
    if (v.type !== 'query') continue;
    const m = /^label_values\((.*),\s*([a-zA-Z_]\w*)\)$/.exec(v.definition ?? '');
    assert.ok(m, `variable ${v.name}: label_values(<series>, <label>)`);
    queries.push({ where: `variable ${v.name}`, expr: m[1]!, label: m[2]! });
  }
  return queries;
}

// ---- What the site exports --------------------------------------------------------------

/** What an expression reads that the scrape does not have: unknown series, labels, values. */
function problemsOf(expr: string, where: string, series: Exported, extraLabel?: string): string[] {
  const problems: string[] = [];
  const { selectors, grouping } = readPromql(expr);
  if (selectors.length === 0) problems.push(`${where}: reads no series: ${expr}`);
  const labelsRead = new Set(TARGET_LABELS);
  for (const { name, matchers } of selectors) {
    if (!name) {
      problems.push(`${where}: a selector without a metric name`);
      continue;
    }
    if (PROMETHEUS_MADE.has(name)) {
      for (const m of matchers) if (!TARGET_LABELS.has(m.label)) problems.push(`${where}: ${name} has no label ${m.label}`);
      continue;
    }
    if (!series.names.has(name)) {
      problems.push(`${where}: ${name} is not exported by /metrics`);
      continue;
    }
    const labels = series.labels.get(name) ?? new Set<string>();
    for (const l of labels) labelsRead.add(l);
    for (const m of matchers) {
      if (TARGET_LABELS.has(m.label)) continue;
      if (!labels.has(m.label)) problems.push(`${where}: ${name} has no label ${m.label} (it has: ${[...labels].join(', ') || 'none'})`);
      else if (m.op === '=' && !series.values.get(name)?.get(m.label)?.has(m.value)) problems.push(`${where}: no ${name}{${m.label}="${m.value}"} in the scrape (seen: ${[...(series.values.get(name)?.get(m.label) ?? [])].join(', ')})`);
    }
  }
  for (const l of [...grouping, ...(extraLabel ? [extraLabel] : [])]) if (!labelsRead.has(l) && l !== 'le') problems.push(`${where}: groups by ${l}, a label of none of the series it reads`);
  return problems;
}

let redis: Awaited<ReturnType<typeof startRedis>>;
let shared: SharedStore;
let series: Exported;

before(async () => {
  redis = await startRedis();
  shared = connectSharedStore(redis.url, pino({ level: 'silent' }), { commandDeadlineMs: 10_000 });
  const backlog = { pending: 1, failed: 0, oldestPendingAt: Date.now() - 60_000 };
  const dataDir = mkdtempSync(path.join(tmpdir(), 'joinus-monitoring-'));
  const site = testApp({
    shared,
    dataDir,
    queues: () => ({ submissions: backlog, mails: backlog }),
    uploads: { maxBytes: 64 * 1024 * 1024, minFreeBytes: 1024 * 1024 },
    health: { checkEveryMs: 0, undelivered: () => ({ submissions: 0, mails: 0, oldestDays: null, warnAfterDays: 30, removedAfterDays: 90 }) },
    renderBudget: { atOnce: 2, waiting: 8, waitMs: 10_000, share: 1, burstMs: 1_000 },
  });
  // A form post (first: right after a view of its page, a post without JavaScript is asked to
  // confirm), pages (a render, then the cache), a navigation, a 404, a probe.
  await request(site.app).post('/forms/contact').set('Origin', ORIGIN).type('form').send({ ...validContact, _page: '/contact', _ts: oldStamp() }).expect(303);
  await request(site.app).get('/contact').expect(200);
  await request(site.app).get('/contact').expect(200);
  await request(site.app).get('/contact').set('Accept', 'text/x-component').expect(200);
  await request(site.app).get('/bestaat-niet').expect(404);
  await request(site.app).get('/readyz').expect(200);
  const families = parsePrometheusText((await request(site.app).get('/metrics').expect(200)).text);
  series = { names: new Set(), labels: new Map(), values: new Map() };
  for (const [family, { type, samples }] of families) {
    const suffixes = type === 'histogram' ? ['_bucket', '_sum', '_count'] : type === 'summary' ? ['', '_sum', '_count'] : [''];
    const declared = (site.metrics.registry.getSingleMetric(family) as unknown as { labelNames?: readonly string[] } | undefined)?.labelNames ?? [];
    for (const suffix of suffixes) {
      series.names.add(family + suffix);
      series.labels.set(family + suffix, new Set([...declared, ...(suffix === '_bucket' ? ['le'] : type === 'summary' && suffix === '' ? ['quantile'] : [])]));
    }
    for (const s of samples) {
      const byLabel = series.values.get(s.name) ?? new Map<string, Set<string>>();
      series.values.set(s.name, byLabel);
      for (const [label, value] of Object.entries(s.labels)) byLabel.set(label, (byLabel.get(label) ?? new Set()).add(value));
    }
  }
  rmSync(dataDir, { recursive: true, force: true });
});
after(async () => {
  await shared?.close();
  await redis?.stop();
});

describe('monitoring: the alert rules and the dashboard against what /metrics exports', () => {
  test('the check itself: it finds the series an expression reads and names what the scrape lacks', () => {
    assert.deepEqual(problemsOf('sum by (kind) (rate(joinus_http_request_duration_seconds_count{job="joinus-site", kind!="health"}[5m]))', 'ok', series), []);
    assert.deepEqual(problemsOf('joinus_content_breaker_state{state="open"} == 1', 'ok', series), []);
    for (const [wrong, said] of [
      ['rate(joinus_http_requests_total[5m])', 'joinus_http_requests_total is not exported'],
      ['histogram_quantile(0.9, rate(joinus_http_request_duration_seconds[5m]))', 'joinus_http_request_duration_seconds is not exported'],
      ['joinus_content_breaker_state{state="opened"}', 'no joinus_content_breaker_state{state="opened"} in the scrape'],
      ['joinus_outbox_submissions{state="failed"}', 'joinus_outbox_submissions has no label state'],
      ['sum by (route) (rate(joinus_render_cache_hits_total[5m]))', 'groups by route'],
      ['up{service="x"}', 'up has no label service'],
    ] as const) {
      const problems = problemsOf(wrong, 'wrong', series);
      assert.ok(problems.some((p) => p.includes(said)), `${wrong}: ${JSON.stringify(problems)}`);
    }
  });

  test('every series, label and value in every alert rule is exported by /metrics; the rules cover what the issue names', () => {
    const rules = alertRules(readFileSync(ALERTS, 'utf8'));
    assert.ok(rules.length >= 10, `${rules.length} alerts read`);
    for (const rule of rules) {
      assert.ok(rule.expr, `${rule.name}: an expression`);
      assert.deepEqual(problemsOf(rule.expr, rule.name, series), [], rule.name);
    }
    const read = new Set(rules.flatMap((r) => readPromql(r.expr).selectors.map((s) => s.name)));
    for (const name of [
      'joinus_outbox_submissions_oldest_pending_age_seconds', 'joinus_mail_outbox_mails_oldest_pending_age_seconds', 'joinus_outbox_submissions',
      'joinus_undelivered_past_warning', 'joinus_content_breaker_state', 'joinus_http_request_duration_seconds_count', 'joinus_ready',
      'joinus_proxy_purges_total', 'joinus_replica_purges_total', 'joinus_data_dir_free_bytes', 'joinus_ready_check',
    ]) assert.ok(read.has(name), `an alert reads ${name}`);
  });

  test('every alert says how bad (severity), how long (for, unless one event is the news), what (summary, description) and what to do (runbook)', () => {
    const rules = alertRules(readFileSync(ALERTS, 'utf8'));
    assert.equal(new Set(rules.map((r) => r.name)).size, rules.length, 'names are unique');
    const events = ['JoinUsProxyPurgeFailing', 'JoinUsReplicaPurgeFailing'];
    for (const rule of rules) {
      assert.match(rule.name, /^JoinUs[A-Z][A-Za-z]+$/);
      assert.ok(rule.severity === 'critical' || rule.severity === 'warning', `${rule.name}: severity ${rule.severity}`);
      if (events.includes(rule.name)) assert.match(rule.expr, /increase\(/, `${rule.name}: an event within a window`);
      else assert.match(rule.for ?? '', /^\d+[mh]$/, `${rule.name}: for`);
      for (const key of ['summary', 'description', 'runbook']) assert.ok((rule.annotations[key] ?? '').length > 20, `${rule.name}: ${key}`);
      assert.ok(rule.annotations.runbook!.length > 100, `${rule.name}: a runbook that says what to do`);
    }
  });

  test('the dashboard: every query reads exported series, labels and values; every panel has a query on the chosen data source; the figures the issue names are there', () => {
    const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as Dashboard;
    const ids = dashboard.panels.map((p) => p.id);
    assert.equal(new Set(ids).size, ids.length, 'panel ids are unique');
    assert.deepEqual(dashboard.templating.list.map((v) => v.name), ['datasource', 'instance']);
    for (const p of dashboard.panels.filter((p) => p.type !== 'row')) {
      assert.ok((p.targets ?? []).length > 0, `panel ${p.title}: a query`);
      assert.equal(p.datasource?.uid, '${datasource}', `panel ${p.title}: the chosen Prometheus`);
    }
    const queries = dashboardQueries(dashboard);
    for (const q of queries) assert.deepEqual(problemsOf(q.expr, q.where, series, q.label), [], q.where);
    const read = new Set(queries.flatMap((q) => readPromql(q.expr).selectors.map((s) => s.name)));
    for (const name of [
      'joinus_http_request_duration_seconds_count', 'joinus_http_request_duration_seconds_bucket', 'joinus_render_cache_hits_total',
      'joinus_outbox_submissions', 'joinus_outbox_submissions_oldest_pending_age_seconds', 'joinus_content_breaker_state', 'joinus_ready',
      'joinus_ready_check', 'joinus_proxy_purges_total', 'joinus_data_dir_free_bytes', 'nodejs_eventloop_lag_p99_seconds', 'process_resident_memory_bytes',
    ]) assert.ok(read.has(name), `the dashboard shows ${name}`);
  });

  test('promtool: the rules check, their unit tests pass (and a broken rule fails them), the dashboard queries parse', (t) => {
    if (!existsSync(PROMTOOL)) {
      const root = process.getuid?.() === 0;
      // As root (CI) scripts/ensure-engines.mjs installs it before the unit tests: missing is a failure there.
      assert.ok(!root, `${PROMTOOL} is missing: apt-get install -y --no-install-recommends prometheus (scripts/ensure-engines.mjs does it as root)`);
      return t.skip(`promtool not installed (Debian: sudo apt-get install -y --no-install-recommends prometheus); the rules' syntax and unit tests were not run`);
    }
    const promtool = (...args: string[]) => spawnSync(PROMTOOL, args, { encoding: 'utf8', timeout: 60_000 });
    const text = readFileSync(ALERTS, 'utf8');
    const checked = promtool('check', 'rules', ALERTS);
    assert.equal(checked.status, 0, checked.stdout + checked.stderr);
    assert.match(checked.stdout, new RegExp(`SUCCESS: ${alertRules(text).length} rules found`), "promtool reads as many rules as this test's reader");

    const dir = mkdtempSync(path.join(tmpdir(), 'joinus-promtool-'));
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    copyFileSync(ALERT_TESTS, path.join(dir, 'alerts.test.yml'));
    writeFileSync(path.join(dir, 'alerts.yml'), withoutAnnotations(text));
    const unit = promtool('test', 'rules', path.join(dir, 'alerts.test.yml'));
    assert.equal(unit.status, 0, unit.stdout + unit.stderr);
    assert.match(unit.stdout, /SUCCESS/);
    const tested = new Set([...readFileSync(ALERT_TESTS, 'utf8').matchAll(/alertname: (\S+)/g)].map((m) => m[1]));
    for (const rule of alertRules(text)) assert.ok(tested.has(rule.name), `${rule.name} has a unit test in alerts.test.yml`);
    // The same tests against a rule turned round: they notice.
    writeFileSync(path.join(dir, 'alerts.yml'), withoutAnnotations(text).replace('joinus_data_dir_free_bytes < joinus_data_dir_free_min_bytes', 'joinus_data_dir_free_bytes > joinus_data_dir_free_min_bytes'));
    const broken = promtool('test', 'rules', path.join(dir, 'alerts.test.yml'));
    assert.notEqual(broken.status, 0, 'a broken JoinUsDiskLow fails the unit tests');
    assert.match(broken.stdout + broken.stderr, /JoinUsDiskLow/);

    // The dashboard's queries as recording rules, Grafana's variables filled in (JSON is YAML).
    const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as Dashboard;
    const rules = dashboardQueries(dashboard).filter((q) => !q.label).map((q, i) => ({ record: `dashboard:query_${i}`, expr: q.expr.replaceAll('$__rate_interval', '5m').replaceAll('$instance', '.+') }));
    writeFileSync(path.join(dir, 'dashboard-rules.yml'), JSON.stringify({ groups: [{ name: 'dashboard', rules }] }));
    const queries = promtool('check', 'rules', path.join(dir, 'dashboard-rules.yml'));
    assert.equal(queries.status, 0, queries.stdout + queries.stderr);
    assert.match(queries.stdout, new RegExp(`SUCCESS: ${rules.length} rules found`));
  });
});
