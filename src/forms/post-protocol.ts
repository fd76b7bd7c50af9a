// The names a form post carries besides the visitor's answers. The browser's form view, the
// no-JavaScript forms and the server all read them from here, so they cannot drift apart.
export const POST_FIELDS = {
  /** The page the form was on: where the answer (or the form with its errors) goes back to. */
  page: '_page',
  /** The visitor's language, for the messages and the mails. */
  locale: '_locale',
  /** When the form was rendered: a post that comes too soon after is not a person's. */
  stamp: '_ts',
  /** The submission's id the browser makes, so the same form posted twice is stored once. */
  submissionId: '_sid',
  /** A form in steps: the step whose "next" (or, on the last, submit) was pressed. */
  step: '_step',
  /** A form in steps: the step whose "back" was pressed. */
  back: '_back',
  /** The honeypot: a field hidden from people that only a bot fills in. */
  honeypot: 'website',
} as const;

/** Every protocol name: none of them is an answer. */
export const POST_FIELD_NAMES: readonly string[] = Object.values(POST_FIELDS);
