// Where the log goes: standard output through pino's asynchronous destination (sonic-boom).
// Lines are gathered in memory and written in batches, off the request's path: an access line
// costs about half of a synchronous write (`npm run bench` measures the cached page with it).
//
// What can be lost, and when:
// - On a graceful shutdown (process.exit), an uncaught exception or a fatal startup error: nothing.
//   Node emits 'exit' in each case, and pino writes the destination's buffer out synchronously
//   there (its on-exit handler for the destinations it makes).
// - Under kill -9 (or the kernel's OOM killer), which runs no code: the lines of the last
//   LOG_FLUSH_MS, at most LOG_BUFFER_BYTES that were not yet written, plus a batch the kernel had
//   not yet accepted. A timer writes the buffer out every LOG_FLUSH_MS, so a quiet server holds
//   nothing back for long.
import { pino } from 'pino';

/** Gathered before a write (about ten access lines). */
export const LOG_BUFFER_BYTES = 4096;
/** The longest a line waits in memory. */
export const LOG_FLUSH_MS = 200;
/** For a reader of the log (a test, an operator's tail): a line logged now is on standard output
 * within this many ms (the timer's next turn, and the write). */
export const LOG_WRITTEN_WITHIN_MS = 2 * LOG_FLUSH_MS + 100;

export function logDestination(options: { fd?: number; bufferBytes?: number; flushMs?: number } = {}): pino.DestinationStream {
  const destination = pino.destination({ dest: options.fd ?? 1, sync: false, minLength: options.bufferBytes ?? LOG_BUFFER_BYTES });
  setInterval(() => destination.flush(), options.flushMs ?? LOG_FLUSH_MS).unref();
  return destination;
}
