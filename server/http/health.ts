// /healthz: the process is up. /readyz: it can serve pages (its startup renders are done and the
// content service answers), and whether its data directory has room (server/store/disk-space.ts).
// A proxy in front (deploy/varnish/) sends visitors to a replica only while it answers 200: not
// while it starts (503 `starting`), not once it drains (503 `shutting-down`).
//
// /readyz is public, so it must be cheap: the content service is asked at most once per
// READY_CHECK_MS however many requests come (requests at the same moment share one call; the
// answer is kept for that long). Everybody gets the status and ok or not-ok per check; an
// operator (a request from OPERATOR_ADDRESSES, loopback by default, as Express sees the client
// through TRUST_PROXY, or with `Authorization: Bearer <READY_TOKEN>`) also the age of the check
// and the undelivered note below. The figures (the content cache's counters, free space, the
// uploads' total, the outboxes) are on /metrics (server/http/metrics.ts), not here.
//
// A low disk answers 200 with status `disk-low`: pages and posts without files are still served
// and stored, only uploads are refused, so a load balancer must not take the instance out for it.
// Undelivered submissions or unsent mails past their warning age (server/store/retention.ts)
// are a note, not a failure: `checks.undelivered` is not-ok, the status stays, and an operator
// sees how many, how old, and when their data goes. So is a shared store (SHARED_STORE_URL) that
// does not answer (`checks.shared`): every replica shares it, so failing readiness for it would
// take them all out of the load balancer, while pages are served without it (limits then count
// per replica, server/shared/).
import { answering, json } from './plain-answers';
import { HEALTH_PATH, READY_PATH } from '../../src/routing/endpoints';
import type { Request, Router } from 'express';
import express from 'express';
import type { SiteContent } from '../../src/content/site-content';
import { operatorAccess } from './operator-access';

/** How long one readiness check answers /readyz. */
export const READY_CHECK_MS = 5_000;

export type HealthSettings = {
  /** Who sees the figures (OPERATOR_ADDRESSES): addresses, subnets, `loopback`. Default: loopback. */
  operatorAddresses?: string;
  /** A request with `Authorization: Bearer <token>` sees the figures too (READY_TOKEN). */
  readyToken?: string;
  /** How long one check answers; READY_CHECK_MS when absent. */
  checkEveryMs?: number;
  /** What waits past its warning age (the store's purge worker); null when there is no store. */
  undelivered?: () => UndeliveredNote | null;
  /** True until the most asked pages are rendered (server/pages/startup-renders.ts): a new
   * replica takes no visitors from a proxy before they are. Absent: ready from the start. */
  starting?: () => boolean;
  /** True while the rest of the sitemap renders ahead, after ready: /readyz says so
   * (`renderingAhead`), for an operator or a test that waits for a replica with every page. */
  renderingAhead?: () => boolean;
  /** Whether the store replicas share answers (SHARED_STORE_URL); absent: none configured. */
  shared?: () => Promise<boolean>;
};

export type UndeliveredNote = { submissions: number; mails: number; oldestDays: number | null; warnAfterDays: number; removedAfterDays: number };

/** The uploads' disk budget as /readyz reads it (server/store/upload-budget.ts). */
export type UploadsDisk = {
  disk: { check(): Promise<{ low: boolean; freeBytes: number } | null>; readonly minFreeBytes: number };
  usedBytes(): number;
  readonly maxBytes: number;
};

type Check = { content: boolean; disk: { low: boolean; freeBytes: number } | null; undelivered: UndeliveredNote | null; shared: boolean | null; at: number };

/** What /readyz answers now: its status, its HTTP status, ok or not-ok per check, and the
 * check it was read from (null while starting or shutting down: nothing is asked then). */
export type ReadyState = {
  status: 'ready' | 'disk-low' | 'content-unreachable' | 'starting' | 'shutting-down';
  httpStatus: 200 | 503;
  checks: Record<string, 'ok' | 'not-ok'>;
  last: Check | null;
};

export type ReadinessDeps = { content: SiteContent; isShuttingDown: () => boolean; uploads?: UploadsDisk; settings?: HealthSettings };

/** The readiness /readyz answers and /metrics shows (joinus_ready, joinus_ready_check): one
 * check per READY_CHECK_MS however many ask. */
export function readiness(deps: ReadinessDeps): () => Promise<ReadyState> {
  const settings = deps.settings ?? {};
  const check = lastCheck(async (): Promise<Check> => {
    const [content, disk, shared] = await Promise.all([deps.content.ping().catch(() => false), deps.uploads?.disk.check() ?? null, settings.shared?.() ?? null]);
    return { content, disk, undelivered: settings.undelivered?.() ?? null, shared, at: Date.now() };
  }, settings.checkEveryMs ?? READY_CHECK_MS);
  return async () => {
    if (deps.isShuttingDown()) return { status: 'shutting-down', httpStatus: 503, checks: {}, last: null };
    if (settings.starting?.()) return { status: 'starting', httpStatus: 503, checks: {}, last: null };
    const last = await check();
    const diskLow = last.disk?.low ?? false;
    const status = !last.content ? 'content-unreachable' : diskLow ? 'disk-low' : 'ready';
    const checks: Record<string, 'ok' | 'not-ok'> = { content: last.content ? 'ok' : 'not-ok' };
    if (deps.uploads) checks.disk = last.disk === null ? 'not-ok' : diskLow ? 'not-ok' : 'ok';
    const waiting = last.undelivered;
    if (waiting) checks.undelivered = waiting.submissions + waiting.mails > 0 ? 'not-ok' : 'ok';
    if (last.shared !== null) checks.shared = last.shared ? 'ok' : 'not-ok';
    return { status, httpStatus: last.content ? 200 : 503, checks, last };
  };
}

/** `ready`: the readiness to answer with (the one /metrics reads too); absent: one of its own. */
export function healthRoutes(deps: ReadinessDeps & { ready?: () => Promise<ReadyState> }): Router {
  const router = express.Router();
  const settings = deps.settings ?? {};
  const operator = operatorAccess({ addresses: settings.operatorAddresses, token: settings.readyToken });
  const isOperator = (req: Request): boolean => operator(req.ip, req.get('authorization'));
  const ready = deps.ready ?? readiness(deps);

  router.get(HEALTH_PATH, answering(() => json(200, { status: 'ok' })));
  router.get(READY_PATH, answering(async (req) => {
    const state = await ready();
    if (!state.last) return json(state.httpStatus, { status: state.status });
    const body: Record<string, unknown> = { status: state.status, checks: state.checks };
    if (settings.renderingAhead?.()) body.renderingAhead = true;
    if (isOperator(req)) {
      body.checkedMsAgo = Date.now() - state.last.at;
      if (state.last.undelivered) body.undelivered = state.last.undelivered;
    }
    return json(state.httpStatus, body);
  }));
  return router;
}

/** `run`'s last answer while younger than `maxAgeMs`; then one new run, shared by whoever asks meanwhile. */
export function lastCheck<T extends { at: number }>(run: () => Promise<T>, maxAgeMs: number): () => Promise<T> {
  let last: T | null = null;
  let running: Promise<T> | null = null;
  return () => {
    if (last && Date.now() - last.at < maxAgeMs) return Promise.resolve(last);
    return (running ??= run()
      .then((value) => (last = value))
      .finally(() => (running = null)));
  };
}
