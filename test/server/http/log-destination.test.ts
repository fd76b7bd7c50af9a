// The log written in batches loses no line when the process ends: a graceful exit, an uncaught
// exception, an unhandled rejection, a fatal error at startup; and under kill -9 only the lines of
// the last flush interval may be missing. Each case is a process of its own that logs and ends.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { describe, test } from 'node:test';
import { LOG_FLUSH_MS } from '../../../server/http/log-destination';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const LOGGED = 'all lines logged';

/** Runs `ending` after `lines` log lines in a process of its own; its standard output's lines.
 * `killAfterMs`: killed that long after the process has logged its lines (it says so on stderr),
 * not after it was started: on a busy machine tsx alone took longer than the wait. */
async function run(lines: number, ending: string, opts: { killAfterMs?: number } = {}): Promise<{ logged: number; code: number | null; signal: string | null }> {
  const script = `
    import { createLogger } from './server/http/logger';
    import { logDestination } from './server/http/log-destination';
    const logger = createLogger('info', logDestination());
    for (let i = 0; i < ${lines}; i++) logger.info({ i, url: '/locaties?postcode=4001AB' }, 'request completed');
    process.stderr.write('${LOGGED}\\n');
    ${ending}
  `;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  let err = '';
  child.stderr.on('data', (chunk: Buffer) => {
    err += chunk.toString();
    // Once the lines are in the process's buffer, and then the wait has passed.
    if (opts.killAfterMs !== undefined && err.includes(LOGGED)) {
      const wait = opts.killAfterMs;
      opts = {};
      setTimeout(() => child.kill('SIGKILL'), wait);
    }
  });
  const [code, signal] = (await once(child, 'exit')) as [number | null, string | null];
  return { logged: out.split('\n').filter((l) => l.includes('"request completed"')).length, code, signal };
}

describe('the log written in batches', () => {
  for (const [what, ending, code] of [
    ['a graceful exit (the shutdown ends with process.exit)', 'process.exit(0);', 0],
    ['an uncaught exception', "setImmediate(() => { throw new Error('boom'); });", 1],
    ['an unhandled rejection', "void Promise.reject(new Error('boom'));", 1],
    ['a fatal error at startup (process.exit(1) right after the last line)', 'process.exit(1);', 1],
    ['the end of the work (the event loop empties)', '', 0],
  ] as const) {
    test(`no line lost on ${what}`, async () => {
      const result = await run(2000, ending);
      assert.equal(result.code, code);
      assert.equal(result.logged, 2000);
    });
  }

  test('the class, a test timed from a process start rather than from its event: under kill -9, at most the lines of the last flush interval are missing; a quiet process has written everything', async () => {
    // 300 lines (about 40 KB), then nothing for a while; killed two flush intervals after the last line.
    const result = await run(300, 'setInterval(() => {}, 1000);', { killAfterMs: LOG_FLUSH_MS * 2 + 100 });
    assert.equal(result.signal, 'SIGKILL');
    assert.equal(result.logged, 300);
  });
});
