// Every age the site checks, in whole years. Groups, search, test, sign-up and the content's
// own checks read them from here, so a change of policy is one edit.

/** What an age field accepts at all; outside this the visitor made a typo. */
export const AGE_INPUT_MIN = 0;
export const AGE_INPUT_MAX = 120;

/** Who the real-life groups are for. Each location has its own range inside this one. */
export const PARTICIPANT_MIN_AGE = 12;
export const PARTICIPANT_MAX_AGE = 30;

/** The online group is for adults only, up to the same maximum. */
export const ONLINE_MIN_AGE = 18;
export const ONLINE_MAX_AGE = PARTICIPANT_MAX_AGE;

/** The loneliness test is written for the foundation's audience and up. */
export const TEST_MIN_AGE = PARTICIPANT_MIN_AGE;

/** Old enough and young enough for a group of the foundation. */
export function isParticipantAge(age: number): boolean {
  return age >= PARTICIPANT_MIN_AGE && age <= PARTICIPANT_MAX_AGE;
}

/** Old enough and young enough for the online group. */
export function isOnlineAge(age: number): boolean {
  return age >= ONLINE_MIN_AGE && age <= ONLINE_MAX_AGE;
}
