import type { Request } from 'express';

/** A form post must come from this site: its Origin (or, failing that, its Referer) must be
 * the public origin or the host it was sent to. Browsers send Origin on every POST. */
export function fromOwnOrigin(req: Request, publicOrigin: string): boolean {
  const own = new Set([publicOrigin, `${req.protocol}://${req.get('host') ?? ''}`]);
  const origin = req.get('origin');
  if (origin) return own.has(origin);
  const referer = req.get('referer');
  if (!referer) return false;
  try {
    return own.has(new URL(referer).origin);
  } catch {
    return false;
  }
}
