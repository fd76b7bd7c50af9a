import type { Request } from 'express';
import { asksForFlight } from '../../src/routing/protocol';

/** Whether a request asks for the Flight payload alone (client navigation) rather than HTML. */
export function wantsFlightPayload(req: Request): boolean {
  return asksForFlight(req.query as Record<string, unknown>, req.headers.accept);
}
