// Business constants that forms and their checks share. Kept in one file so
// the server, the browser and the tests read the same numbers.

/** Text inputs wait this long after the last keystroke before validating. */
export const TEXT_INPUT_DEBOUNCE_MS = 20;

/** The online group: a 4-month programme with one digital meeting a week (its ages: age-limits.ts). */
export const ONLINE_PROGRAMME_MONTHS = 4;

/** CV and motivation of a vacancy application together. */
export const UPLOAD_LIMIT_MB = 100;
export const UPLOAD_LIMIT_BYTES = UPLOAD_LIMIT_MB * 1024 * 1024;

/** What `<input type="date">` submits; a fixed format behaves the same in every browser. */
export const DATE_FORMAT_DEFAULT = 'YYYY-MM-DD';

/** Donation amounts in cents (integers, never floats). The upper bound catches typos (an extra
 * zero), not generosity: a larger gift goes through the foundation directly. */
export const DONATION_MIN_CENTS = 100;
export const DONATION_MAX_CENTS = 1_000_000;
/** The amounts the donation form offers before "another amount", in cents. */
export const DONATION_SUGGESTED_CENTS = [1000, 2500, 5000, 10000] as const;
