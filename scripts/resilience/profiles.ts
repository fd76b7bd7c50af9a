// How much each part of the resilience suite does: `short` (CI, about two minutes) and
// `full` (the figures for the closing note).
import type { ConnectionsProfile } from './connections';
import type { DiskProfile } from './disk';
import type { ReadyzProfile } from './readyz';

export type Profile = {
  name: 'short' | 'full';
  /** `requests`, or as many as fit in `maxSeconds`. */
  fuzz: { requests: number; maxSeconds: number; connections: number; boundMs: number };
  /** How long each outage lasts after the submission made in it, and how many pages are checked. */
  outage: { holdMs: number; pages: number; deliveryBoundMs: number };
  /** Submissions posted, and how many times the server is killed while delivering them. */
  crash: { submissions: number; kills: number; deliveryBoundMs: number };
  uploads: { aborted: number; abortAfterMb: number; slowTotalMs: number; slowIdleMs: number };
  cacheBusting: { seconds: number; browsers: number; attackers: number };
  shutdown: { connections: number; loadMs: number };
  connections: ConnectionsProfile;
  disk: DiskProfile;
  readyz: ReadyzProfile;
};

export const PROFILES: Record<Profile['name'], Profile> = {
  short: {
    name: 'short',
    fuzz: { requests: 1500, maxSeconds: 20, connections: 8, boundMs: 5000 },
    outage: { holdMs: 2000, pages: 10, deliveryBoundMs: 45_000 },
    crash: { submissions: 10, kills: 1, deliveryBoundMs: 45_000 },
    uploads: { aborted: 2, abortAfterMb: 5, slowTotalMs: 4000, slowIdleMs: 2000 },
    cacheBusting: { seconds: 4, browsers: 32, attackers: 4 },
    shutdown: { connections: 16, loadMs: 1500 },
    connections: { connections: 3000, batch: 100, openFiles: 1024, headersTimeoutMs: 2000, formPostTimeoutMs: 4000 },
    disk: { posts: 8, cvMb: 2, budgetMb: 10 },
    readyz: { requests: 2000, concurrency: 16 },
  },
  full: {
    name: 'full',
    fuzz: { requests: 15_000, maxSeconds: 300, connections: 16, boundMs: 5000 },
    outage: { holdMs: 10_000, pages: 109, deliveryBoundMs: 90_000 },
    crash: { submissions: 40, kills: 4, deliveryBoundMs: 90_000 },
    uploads: { aborted: 10, abortAfterMb: 5, slowTotalMs: 10_000, slowIdleMs: 5000 },
    cacheBusting: { seconds: 15, browsers: 32, attackers: 4 },
    shutdown: { connections: 64, loadMs: 5000 },
    connections: { connections: 20_000, batch: 100, openFiles: 4096, headersTimeoutMs: 10_000, formPostTimeoutMs: 120_000 },
    disk: { posts: 40, cvMb: 5, budgetMb: 100 },
    readyz: { requests: 10_000, concurrency: 32 },
  },
};
