// b. One form limit across the replicas: one visitor's 30 contact forms, ten to each replica,
// all at once. With FORM_RATE_LIMIT at 10 exactly 10 are taken in all and the other 20 refused
// (429); limits counted per replica would take 30.
import type { Report } from '../resilience/report';
import { postContact } from '../resilience/submissions';
import { FORM_RATE_LIMIT, type Cluster } from './cluster';

const PART = 'shared-limit';
const POSTS = 30;
/** One visitor, as the proxy passes its address on; used by no other part. */
const VISITOR = '192.0.2.28';

export async function sharedLimit(cluster: Cluster, report: Report): Promise<void> {
  const answers = await Promise.all(
    Array.from({ length: POSTS }, async (_, i) => {
      const replica = cluster.replicas[i % cluster.replicas.length]!;
      const { accepted, outcome } = await postContact(replica, `limit-${i}`, 10_000, VISITOR);
      return { replica: replica.name, accepted, status: outcome.ok ? outcome.status : outcome.code };
    }),
  );
  const taken = answers.filter((a) => a.accepted);
  const refused = answers.filter((a) => a.status === 429);
  const other = answers.filter((a) => !a.accepted && a.status !== 429);
  if (taken.length !== FORM_RATE_LIMIT) report.fail(PART, `${taken.length} of ${POSTS} posts were taken across the replicas (the limit is ${FORM_RATE_LIMIT})`);
  if (other.length) report.fail(PART, `${other.length} post(s) neither taken nor refused with 429: ${other.map((a) => `${a.replica} ${a.status}`).join(', ')}`);
  report.figure(PART, 'posts from one visitor (to each replica)', `${POSTS} (${POSTS / cluster.replicas.length})`);
  report.figure(PART, 'FORM_RATE_LIMIT', FORM_RATE_LIMIT);
  report.figure(PART, 'taken in all', taken.length);
  report.figure(PART, 'taken per replica', cluster.replicas.map((r) => taken.filter((a) => a.replica === r.name).length).join('/'));
  report.figure(PART, 'refused (429)', refused.length);
}
