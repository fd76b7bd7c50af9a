// How long Strapi keeps what visitors send, per collection, each period a setting in months
// (docs/privacy.md lists them with the site's own periods). A record older than its period is
// deleted by the daily retention task (src/retention/purge.ts), with its uploaded files.
//
// - Vacancy applications (name, contact details, CV, motivation): 3 months. The Dutch data
//   protection authority asks for an applicant's data to go within 4 weeks after the procedure
//   (a year with the applicant's consent); the site cannot know when a procedure ends, so 3
//   months bounds it.
// - Contact messages, course questions, start-a-location requests and sign-ups: 12 months, long
//   enough to follow a question or a group's start through a season.
// - Keep-me-posted requests: 24 months. The request is the visitor's own wish to hear when a
//   group starts nearby; starting one takes that long. Every confirmation mail says how to withdraw.
// - Loneliness-test results: 24 months. They hold no name or address (answers, age, the
//   postcode's four digits); they serve the foundation's yearly figures.
// - Donations: 84 months. A foundation's administration is kept for 7 years (Dutch tax law,
//   AWR art. 52); a donation is part of it.
export type RetentionRule = { uid: string; collection: string; setting: string; months: number; files: readonly string[] };

const RULES: ReadonlyArray<Omit<RetentionRule, 'months'> & { defaultMonths: number }> = [
  { uid: 'api::vacancy-application.vacancy-application', collection: 'vacancy-applications', setting: 'APPLICATION_RETENTION_MONTHS', defaultMonths: 3, files: ['cv'] },
  { uid: 'api::contact-submission.contact-submission', collection: 'contact-submissions', setting: 'SUBMISSION_RETENTION_MONTHS', defaultMonths: 12, files: [] },
  { uid: 'api::course-information-request.course-information-request', collection: 'course-information-requests', setting: 'SUBMISSION_RETENTION_MONTHS', defaultMonths: 12, files: [] },
  { uid: 'api::start-location-request.start-location-request', collection: 'start-location-requests', setting: 'SUBMISSION_RETENTION_MONTHS', defaultMonths: 12, files: [] },
  { uid: 'api::sign-up.sign-up', collection: 'sign-ups', setting: 'SUBMISSION_RETENTION_MONTHS', defaultMonths: 12, files: [] },
  { uid: 'api::keep-me-posted-request.keep-me-posted-request', collection: 'keep-me-posted-requests', setting: 'KEEP_POSTED_RETENTION_MONTHS', defaultMonths: 24, files: [] },
  { uid: 'api::loneliness-test-result.loneliness-test-result', collection: 'loneliness-test-results', setting: 'TEST_RESULT_RETENTION_MONTHS', defaultMonths: 24, files: [] },
  { uid: 'api::donation.donation', collection: 'donations', setting: 'DONATION_RETENTION_MONTHS', defaultMonths: 84, files: [] },
];

/** The rules with the periods the environment sets; a setting that is not a number of months
 * (0 or more) is an error at startup, not a silent default. */
export function retentionRules(env: Record<string, string | undefined> = process.env): RetentionRule[] {
  return RULES.map(({ defaultMonths, ...rule }) => {
    const raw = env[rule.setting];
    if (raw === undefined || raw.trim() === '') return { ...rule, months: defaultMonths };
    const months = Number(raw);
    if (!Number.isFinite(months) || months < 0) throw new Error(`${rule.setting} must be a number of months (0 or more), not ${JSON.stringify(raw)}`);
    return { ...rule, months };
  });
}

/** The moment before which a record of this rule is due: `months` calendar months before `now`. */
export function cutoffOf(rule: RetentionRule, now: Date): Date {
  const cutoff = new Date(now);
  const whole = Math.floor(rule.months);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - whole);
  // A fraction of a month (a test, or "six weeks" as 1.5) counts as 30-day months.
  cutoff.setTime(cutoff.getTime() - (rule.months - whole) * 30 * 86_400_000);
  return cutoff;
}
