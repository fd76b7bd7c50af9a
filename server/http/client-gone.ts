// A client that goes away (a download stopped, a tab closed, a preload aborted by a navigation)
// is no failure of ours: whatever error writing to it or reading from it raises is logged as an
// info line, never as "request failed (500)", and nothing more is sent. The access line of a
// response it did not wait for says "request aborted" at info, whatever status it was about to get.
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Error codes of a connection the other side closed or a stream cut short by it. */
const GONE_CODES: ReadonlySet<string> = new Set(['ECONNABORTED', 'ECONNRESET', 'EPIPE', 'ERR_STREAM_PREMATURE_CLOSE', 'ERR_STREAM_DESTROYED', 'ERR_STREAM_WRITE_AFTER_END']);

/** Whether the client has gone: its connection closed before the answer was sent in full, or
 * the error says so. */
export function clientGone(req: IncomingMessage, res: ServerResponse, err?: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && GONE_CODES.has(code)) return true;
  if ((err as { type?: unknown } | null)?.type === 'request.aborted') return true;
  // (Not `req.destroyed`: a request whose body was read to its end is destroyed too.)
  return !res.writableEnded && (res.destroyed || req.socket?.destroyed === true);
}
