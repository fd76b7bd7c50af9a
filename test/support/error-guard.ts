// Every unit test fails on an error nobody expected: a `console.error`, or an error-level line
// (pino level 50 or above) from the site's logger as the tests capture it (`memoryLog` in
// test-app.ts, `captureLogger` in test/content/helpers/logger.ts). Loaded once for the whole
// unit run (`node --import ./test/support/error-guard.ts --test`, package.json's test:unit):
// it wraps console.error and adds an afterEach hook to every test file.
//
// A test that expects such a line says so, in the test, before it happens:
//
//     expectErrorLines('content service failed; serving the last good answer until it recovers');
//
// Each pattern (a string the line's message contains, or a RegExp) must then come at least
// once during that test, and lines it matches are allowed; any other error line fails the test.
// An error outside any test's body (its `t.after` cleanups, which run after the check, a file's
// `after` hook, a timer firing after the last test) fails the file when its process exits,
// naming the test it came after; the patterns that test expected still allow it. Node's own
// process warnings (written with console.error) are not errors: they pass through.
import { afterEach, beforeEach } from 'node:test';
import { format } from 'node:util';

type Pattern = string | RegExp;
type TestWatch = { name: string; expected: Array<{ pattern: Pattern; seen: number }>; unexpected: string[] };
type Guard = {
  /** The test whose body runs now (tests within a file run one at a time), else null. */
  current: TestWatch | null;
  /** The test that ran last: its cleanups run after its check. */
  last: TestWatch | null;
  /** Unexpected lines outside any test's body. */
  outside: string[];
  installed: boolean;
};

// One guard per process, however this module is loaded (by --import, and by the helpers).
const KEY = Symbol.for('joinus.test.errorGuard');
const guard: Guard = ((globalThis as Record<symbol, unknown>)[KEY] as Guard | undefined) ?? { current: null, last: null, outside: [], installed: false };
(globalThis as Record<symbol, unknown>)[KEY] = guard;

const matches = (pattern: Pattern, text: string) => (typeof pattern === 'string' ? text.includes(pattern) : pattern.test(text));

/** An error seen: allowed when the running test expects it, else recorded against it. */
function noteError(text: string): void {
  const test = guard.current ?? guard.last;
  const hit = test?.expected.find((e) => matches(e.pattern, text));
  if (hit) hit.seen += 1;
  else if (guard.current) guard.current.unexpected.push(text);
  else guard.outside.push(guard.last ? `${text} (after the test "${guard.last.name}")` : text);
}

/** Told by the tests' log captures of every line they keep. */
export function noteLogLine(line: Record<string, unknown>): void {
  if (typeof line.level !== 'number' || line.level < 50) return;
  const err = line.err as { message?: unknown } | undefined;
  const cause = err && typeof err.message === 'string' ? ` (${err.message})` : '';
  noteError(`log line, level ${line.level}: ${String(line.msg ?? '')}${cause}`);
}

/**
 * This test expects error lines (or console.error output) matching each pattern: each must come
 * at least once before the test ends, and lines they match do not fail it.
 */
export function expectErrorLines(...patterns: Pattern[]): void {
  if (!guard.current) throw new Error('expectErrorLines is called inside a test');
  for (const pattern of patterns) guard.current.expected.push({ pattern, seen: 0 });
}

function install(): void {
  if (guard.installed) return;
  guard.installed = true;
  const original = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    original(...args);
    // Node writes its process warnings (deprecations, experimental APIs) with console.error.
    if (new Error().stack?.includes('node:internal/process/warning')) return;
    noteError(`console.error: ${format(...args)}`);
  };
  beforeEach((t) => {
    guard.current = { name: t.name, expected: [], unexpected: [] };
  });
  afterEach(() => {
    const test = guard.current;
    guard.current = null;
    guard.last = test;
    if (!test) return;
    const problems = [
      ...test.unexpected.map((text) => `unexpected ${text}`),
      ...test.expected.filter((e) => e.seen === 0).map((e) => `expected an error line matching ${String(e.pattern)}, none came`),
    ];
    if (problems.length > 0) {
      throw new Error(`${problems.join('\n')}\n(a test that expects an error line says so: expectErrorLines() from test/support/error-guard.ts)`);
    }
  });
  process.on('exit', () => {
    if (guard.outside.length === 0) return;
    process.exitCode = 1;
    process.stderr.write(`Error lines outside any test (the file fails):\n${guard.outside.map((t) => `  ${t}`).join('\n')}\n`);
  });
}

// Installed by the unit run's --import; a test file run on its own that imports it (for
// expectErrorLines) installs it too. Once per process either way.
install();
