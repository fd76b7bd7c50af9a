// The per-kind limit on repeated lines, with a short window in place of the minute, on a clock
// the test moves.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { flushLimitedLog, limitedLog } from '../../../server/http/warn-limit';
import { captureLogger } from '../../content/helpers/logger';
import { expectErrorLines } from '../../support/error-guard';
import { fakeClock } from '../../support/fake-clock';

test('per kind: the first line, then at the end of each window the count of the rest, then afresh after a quiet window', () => {
  const { logger, lines } = captureLogger();
  const clock = fakeClock();
  const log = () => limitedLog(logger, logger, { ms: 200, timer: clock.setTimeout });
  expectErrorLines('broken');
  for (let i = 0; i < 50; i++) log().warn({ i }, 'refused');
  log().error({}, 'broken');
  assert.deepEqual(lines.map((l) => [l.msg, l.i]), [['refused', 0], ['broken', undefined]]);

  clock.advance(199);
  assert.equal(lines.length, 2, 'nothing before the end of the window');
  clock.advance(61);
  // One count for the window that saw more; none for a kind that came once.
  assert.deepEqual(lines.slice(2).map((l) => [l.msg, l.kind, l.more, l.level]), [['49 more like this in the last minute: refused', 'refused', 49, 40]]);
  // Still coming: counted in the next window too.
  for (let i = 0; i < 5; i++) log().warn({}, 'refused');
  clock.advance(220);
  assert.equal(lines.at(-1)!.more, 5);
  // A quiet window ends the count; the next one is written in full.
  clock.advance(220);
  log().warn({ again: true }, 'refused');
  assert.equal(lines.at(-1)!.again, true);
  log().error({}, 'broken');
  assert.equal(lines.filter((l) => l.msg === 'broken').length, 2, 'a kind seen once starts afresh after its window');
});

test('an explicit kind separates lines with the same message; the line goes to the request\'s logger, the count to the process\'s', () => {
  const process = captureLogger();
  const request = process.logger.child({ reqId: 'r1' });
  for (let i = 0; i < 3; i++) limitedLog(process.logger, request).info({}, 'request refused', 'request refused: entity.too.large');
  limitedLog(process.logger, request).info({}, 'request refused', 'request refused: entity.parse.failed');
  assert.deepEqual(process.lines.map((l) => l.reqId), ['r1', 'r1']);
  flushLimitedLog(process.logger);
  assert.deepEqual(process.lines.slice(2).map((l) => [l.kind, l.more, l.reqId]), [['request refused: entity.too.large', 2, undefined]]);
});

test('separate process loggers keep separate counts', () => {
  const a = captureLogger();
  const b = captureLogger();
  limitedLog(a.logger).warn({}, 'same');
  limitedLog(b.logger).warn({}, 'same');
  assert.equal(a.lines.length, 1);
  assert.equal(b.lines.length, 1);
});
