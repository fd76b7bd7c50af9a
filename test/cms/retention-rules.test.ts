// Strapi's retention periods (cms/src/retention/rules.ts): each collection of visitors' records
// has its own, a setting in months; a wrong setting stops Strapi instead of keeping data for ever.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cutoffOf, retentionRules } from '../../cms/src/retention/rules';

test('defaults: applications 3 months, questions and sign-ups 12, keep-me-posted and test results 24, donations 84 (7 years)', () => {
  const months = Object.fromEntries(retentionRules({}).map((r) => [r.collection, r.months]));
  assert.deepEqual(months, {
    'vacancy-applications': 3,
    'contact-submissions': 12,
    'course-information-requests': 12,
    'start-location-requests': 12,
    'sign-ups': 12,
    'keep-me-posted-requests': 24,
    'loneliness-test-results': 24,
    donations: 84,
  });
  assert.deepEqual(retentionRules({}).find((r) => r.collection === 'vacancy-applications')?.files, ['cv'], 'the CV goes with its application');
});

test('each period is a setting; one that is not a number of months is an error naming it', () => {
  const rules = retentionRules({ SUBMISSION_RETENTION_MONTHS: '6', DONATION_RETENTION_MONTHS: '' });
  assert.equal(rules.find((r) => r.collection === 'sign-ups')?.months, 6);
  assert.equal(rules.find((r) => r.collection === 'donations')?.months, 84, 'empty: the default');
  assert.throws(() => retentionRules({ APPLICATION_RETENTION_MONTHS: 'drie' }), /APPLICATION_RETENTION_MONTHS must be a number of months/);
  assert.throws(() => retentionRules({ APPLICATION_RETENTION_MONTHS: '-1' }), /APPLICATION_RETENTION_MONTHS/);
});

test('the cutoff is calendar months before now; a fraction counts as 30-day months', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  const rule = (months: number) => ({ ...retentionRules({})[0]!, months });
  assert.equal(cutoffOf(rule(3), now).toISOString(), '2026-08-25T12:00:00.000Z');
  assert.equal(cutoffOf(rule(84), now).toISOString(), '2019-11-25T12:00:00.000Z');
  assert.equal(cutoffOf(rule(0), now).toISOString(), now.toISOString());
  assert.equal(cutoffOf(rule(1.5), now).toISOString(), '2026-10-10T12:00:00.000Z');
});
