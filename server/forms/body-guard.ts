// How long a form post's body may take, and what happens to a body nobody reads any more.
//
// Node's own request timeout (300 s) is far too long for a form: a client trickling bytes at
// 1 KB/s would hold a connection, a file descriptor and a half-written file for five minutes.
// A post is cut when no byte came for `idleMs`, or when the whole body took longer than
// `totalMs` (FORM_POST_IDLE_TIMEOUT_MS, FORM_POST_TIMEOUT_MS).
//
// A body that is refused before its end (malformed, far too large) is still read to its end
// and thrown away: an HTTP/1.1 connection can only carry the next request once this one's body
// is off the wire, and a client that is still sending when the connection closes under it
// gets a reset instead of the answer. That reading is bounded: by the same deadlines, and by
// `lingerMs` once the answer has been given.
import type { IncomingMessage } from 'node:http';

export type BodyTimeouts = {
  /** No byte for this long: the post is cut. */
  idleMs: number;
  /** The whole body within this long, or the post is cut. */
  totalMs: number;
};

/** 100 MB in two minutes needs about 7 Mbit/s upstream; a CV of a few MB needs a fraction. */
export const DEFAULT_BODY_TIMEOUTS: BodyTimeouts = { idleMs: 20_000, totalMs: 120_000 };

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
export function watchBody(req: IncomingMessage, timeouts: BodyTimeouts, on: { expired(why: 'idle' | 'total'): void; aborted(): void }): BodyWatch {
  let bytes = 0;
  let draining = false;
  let over = false;
  const expire = (why: 'idle' | 'total') => {
    if (over) return;
    if (draining) return void req.destroy();
    over = true;
    stop();
    on.expired(why);
  };
  const idle = setTimeout(() => expire('idle'), timeouts.idleMs);
  const total = setTimeout(() => expire('total'), timeouts.totalMs);
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
