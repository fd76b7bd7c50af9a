// How long the site's own store keeps personal data: every period in one place, each an
// environment setting (server/env.ts) with the default below. docs/privacy.md is the register
// that names, for each kind of personal data, the setting here that bounds it.
//
// What is kept after a period is a receipt: enough to answer a replayed post exactly once and
// to show the operator what happened, nothing that names a person. Uploaded files are not on
// a period at all: they go as soon as the content service has the record that points at them.

const DAY_MS = 24 * 60 * 60 * 1000;

export type RetentionSettings = {
  /** A delivered submission's answers and files; afterwards its receipt only. */
  deliveredMs: number;
  /** A sent mail's addresses and text; afterwards its id, kind and dates. */
  sentMailMs: number;
  /** An undelivered submission or unsent mail this old is named in a log warning and in /readyz. */
  undeliveredWarnMs: number;
  /** ...and at this age its data goes all the same (the hard bound), its receipt marked failed. */
  undeliveredMaxMs: number;
  /** A settled and delivered donation's donor details; payment id, status and amount stay. */
  donationMs: number;
};

/**
 * The defaults, and why:
 * - delivered submissions, 30 days: the content service holds the record from the first
 *   minute; the local copy is only the way back when that record is lost (a Strapi restored
 *   from last week's backup, an editor's mistaken delete), and a month covers the backup
 *   cycle of a small foundation.
 * - sent mails, 14 days: long enough to answer "did my confirmation go out, and what did it
 *   say?" and to resend after a bounce; the notification itself sits in the foundation's inbox.
 * - undelivered, a warning at 30 days and gone at 90: a failed record needs a person (a
 *   collection to fix, then `retry --failed`); a month of daily warnings is time to act, and
 *   three months bounds what a site nobody looks after keeps.
 * - donations, 30 days after they are settled and delivered: until then the status page fills
 *   "try again" in from the donor's details, and the foundation's records (the content
 *   service, Mollie) hold the donation from then on.
 */
export const DEFAULT_RETENTION_DAYS = {
  delivered: 30,
  sentMail: 14,
  undeliveredWarn: 30,
  undelivered: 90,
  donation: 30,
} as const;

export type RetentionDays = { [K in keyof typeof DEFAULT_RETENTION_DAYS]: number };

export function retentionSettings(days: RetentionDays): RetentionSettings {
  return {
    deliveredMs: days.delivered * DAY_MS,
    sentMailMs: days.sentMail * DAY_MS,
    undeliveredWarnMs: days.undeliveredWarn * DAY_MS,
    undeliveredMaxMs: days.undelivered * DAY_MS,
    donationMs: days.donation * DAY_MS,
  };
}

export const DEFAULT_RETENTION: RetentionSettings = retentionSettings(DEFAULT_RETENTION_DAYS);

/** Whole days, for log lines and /readyz. */
export const inDays = (ms: number): number => Math.floor(ms / DAY_MS);
