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

/** Runs `ending` after `lines` log lines in a process of its own; its standard output's lines. */
async function run(lines: number, ending: string, opts: { killAfterMs?: number } = {}): Promise<{ logged: number; code: number | null; signal: string | null }> {
  const script = `
    import { createLogger } from './server/http/logger';
    import { logDestination } from './server/http/log-destination';
    const logger = createLogger('info', logDestination());
    for (let i = 0; i < ${lines}; i++) logger.info({ i, url: '/locaties?postcode=4001AB' }, 'request completed');
    ${ending}
  `;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.resume();
  if (opts.killAfterMs !== undefined) {
    // Once the lines are in the process's buffer, and the flush interval has passed.
    setTimeout(() => child.kill('SIGKILL'), opts.killAfterMs);
  }
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

  test('under kill -9, at most the lines of the last flush interval are missing: a quiet process has written everything', async () => {
    // 300 lines (about 40 KB), then nothing for a while; killed well after the flush interval.
    const result = await run(300, 'setInterval(() => {}, 1000);', { killAfterMs: 1500 + LOG_FLUSH_MS * 2 });
    assert.equal(result.signal, 'SIGKILL');
    assert.equal(result.logged, 300);
  });
});
