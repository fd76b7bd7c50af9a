// How long a request body may take, and what happens to a body nobody reads any more.
//
// Node's own request timeout is far too long for a form: a client trickling bytes at 1 KB/s
// would hold a connection, a file descriptor and a half-written file for minutes. A post is
// cut when no byte came for `idleMs`, or when the whole body took longer than `totalMs`
// (FORM_POST_IDLE_TIMEOUT_MS, FORM_POST_TIMEOUT_MS). A body without files (a form's fields, a
// webhook's JSON, at most a few hundred KB) gets at most 30 s in all: trickled at a byte per
// ten seconds it is cut then, not held for minutes.
//
// And by rate, whatever its type and path: after a short start (BODY_RATE_GRACE_MS) a body must
// have come at BODY_MIN_BYTES_PER_S on average, or it is cut then. The deadlines alone let a
// byte every few seconds hold a connection for two minutes; thousands of such bodies held every
// connection the server has (issue 38). The floor is far below any real visitor's upload (a
// poor mobile connection sends tens of KB a second), and a body that arrives in one piece (a
// form's fields) is never near it.
//
// Two layers: the form pipeline watches the bodies it reads (multipart.ts, read-body.ts) and
// answers a cut post with the form's 408 page; `bodyDeadlines` watches every request body, of
// any route and any type, a second later, and answers a bare 408 and closes the connection
// for what the first layer does not cover (a webhook's JSON, a post to a page).
//
// A body that is refused before its end (malformed, far too large) is still read to its end
// and thrown away: an HTTP/1.1 connection can only carry the next request once this one's body
// is off the wire, and a client that is still sending when the connection closes under it
// gets a reset instead of the answer. That reading is bounded: by the same deadlines, and by
// `lingerMs` once the answer has been given.
import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import { hasBody } from '../http/body-admission';

export type BodyTimeouts = {
  /** No byte for this long: the post is cut. */
  idleMs: number;
  /** The whole body within this long, or the post is cut. */
  totalMs: number;
  /** After `rateGraceMs`, bytes per second on average since the body's start, or it is cut;
   * 0 or absent: no floor. */
  minBytesPerSecond?: number;
  rateGraceMs?: number;
};

export type BodyCut = 'idle' | 'total' | 'rate';

/** 100 MB in two minutes needs about 7 Mbit/s upstream; a CV of a few MB needs a fraction. A
 * body slower than 1 KB/s after its first 5 s is cut. */
export const DEFAULT_BODY_TIMEOUTS = { idleMs: 20_000, totalMs: 120_000, minBytesPerSecond: 1024, rateGraceMs: 5_000 } as const satisfies BodyTimeouts;

/** Whether a body that brought `bytes` in `elapsedMs` is below the rate floor (`lateMs` later than its grace). */
export function belowRate(t: BodyTimeouts, bytes: number, elapsedMs: number, lateMs = 0): boolean {
  const rate = t.minBytesPerSecond ?? 0;
  const after = elapsedMs - (t.rateGraceMs ?? DEFAULT_BODY_TIMEOUTS.rateGraceMs) - lateMs;
  return rate > 0 && after > 0 && bytes < (rate * after) / 1000;
}

/** How often a watcher looks at a body's progress. */
const checkEveryMs = (t: BodyTimeouts): number => Math.max(50, Math.min(1000, Math.floor(Math.min(t.idleMs, t.totalMs) / 4)));

/** The most a body without files may take in all: 100 KB of fields take a second on a poor
 * mobile connection. */
export const SMALL_BODY_TOTAL_MS = 30_000;

/** The deadlines of a body without files. */
export const smallBodyTimeouts = (t: BodyTimeouts): BodyTimeouts => ({ ...t, totalMs: Math.min(t.totalMs, SMALL_BODY_TOTAL_MS) });

const BODY_TIMEOUT_ANSWER = 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n';

/** The outer layer's delay after the form pipeline's own deadlines, which answer first. */
const OUTER_GRACE_MS = 1_000;

/**
 * Every request body within its deadlines and above its rate floor, whatever reads it (or
 * nothing does): multipart within `timeouts`, any other within those of a small body, each a
 * second later than the form pipeline's own. Past one, a bare 408 (or, already answered,
 * nothing) and the connection closes. Progress is read from the socket's byte count, so the
 * body is never touched here: a parser reads it as usual.
 */
export function bodyDeadlines(timeouts: BodyTimeouts): RequestHandler {
  const small = smallBodyTimeouts(timeouts);
  return (req, res, next) => {
    if (!hasBody(req) || req.complete) return next();
    const limits = req.is('multipart/form-data') ? timeouts : small;
    const started = Date.now();
    const firstBytes = req.socket.bytesRead;
    let lastBytes = firstBytes;
    let lastByteAt = started;
    const check = setInterval(
      () => {
        const now = Date.now();
        if (req.socket.bytesRead !== lastBytes) {
          lastBytes = req.socket.bytesRead;
          lastByteAt = now;
        }
        const why: BodyCut | null =
          now - lastByteAt > limits.idleMs + OUTER_GRACE_MS ? 'idle'
          : now - started > limits.totalMs + OUTER_GRACE_MS ? 'total'
          : belowRate(limits, lastBytes - firstBytes, now - started, OUTER_GRACE_MS) ? 'rate'
          : null;
        if (!why) return;
        stop();
        req.log?.info({ why, path: req.path }, 'request body too slow; connection closed');
        // Written on the socket, as Node answers its own request timeout, not through `res`:
        // a handler still waiting for the body (Express's final handler waits for it before it
        // answers a 404) may answer later, and must then find an unanswered, closed response
        // rather than throw on headers already sent.
        const socket = req.socket;
        if (socket.writable && !res.headersSent) socket.write(BODY_TIMEOUT_ANSWER, () => socket.destroy());
        else socket.destroy();
        setTimeout(() => socket.destroy(), 1000).unref();
      },
      checkEveryMs(limits),
    );
    const stop = () => clearInterval(check);
    req.once('end', stop);
    req.once('close', stop);
    next();
  };
}

export type BodyWatch = {
  /** The body is no longer parsed: read the rest and drop it, for at most `lingerMs` more. */
  drain(lingerMs?: number): void;
  /** Bytes received so far. */
  readonly bytes: number;
};

/**
 * Watches a request body until it ends or the connection goes. `expired` is called once when
 * a deadline passes while the body is still parsed (the caller answers and closes); while it
 * is drained, a deadline simply closes the connection. `aborted` is called when the client
 * went away (or Node's own request timeout cut it) before the body's end.
 */
export function watchBody(req: IncomingMessage, timeouts: BodyTimeouts, on: { expired(why: BodyCut): void; aborted(): void }): BodyWatch {
  // Read already: nothing to watch.
  if (req.readableEnded) return { drain() {}, bytes: 0 };
  let bytes = 0;
  let draining = false;
  let over = false;
  const expire = (why: BodyCut) => {
    if (over) return;
    if (draining) return void req.destroy();
    over = true;
    stop();
    on.expired(why);
  };
  const idle = setTimeout(() => expire('idle'), timeouts.idleMs);
  const total = setTimeout(() => expire('total'), timeouts.totalMs);
  const started = Date.now();
  const rate = timeouts.minBytesPerSecond ? setInterval(() => belowRate(timeouts, bytes, Date.now() - started) && expire('rate'), checkEveryMs(timeouts)) : undefined;
  let linger: NodeJS.Timeout | undefined;
  const onData = (chunk: Buffer) => {
    bytes += chunk.length;
    idle.refresh();
  };
  const onClose = () => {
    stop();
    if (!req.complete && !over) {
      over = true;
      on.aborted();
    }
  };
  function stop() {
    clearTimeout(idle);
    clearTimeout(total);
    clearInterval(rate);
    clearTimeout(linger);
    req.off('data', onData);
    req.socket?.off('close', onClose);
  }
  req.on('data', onData);
  // A reset connection errors the request; without a listener that would be thrown.
  req.on('error', () => {});
  req.once('end', stop);
  req.once('close', onClose);
  // Once answered, a request is no longer closed with its connection: watch the connection.
  req.socket?.once('close', onClose);
  return {
    drain(lingerMs) {
      if (draining) return;
      draining = true;
      req.unpipe();
      if (lingerMs !== undefined && !req.complete) linger = setTimeout(() => req.destroy(), lingerMs);
      // The data listener above keeps it flowing; resume in case it was paused for a writer.
      req.resume();
      idle.refresh();
    },
    get bytes() {
      return bytes;
    },
  };
}
