// Text as a visitor may send it: what a keyboard makes, never the characters that steer a
// terminal, a mail header, a database or a spreadsheet. Removed, not refused: a name pasted
// from a document with a stray control character is still that name.
// - C0 controls (NUL, ESC, ...) and DEL, and the C1 controls (U+0080 to U+009F): none can be
//   typed, and NUL cuts strings short further down the line.
// - The bidirectional overrides and isolates (U+202A to U+202E, U+2066 to U+2069): they
//   reorder what a reader sees, so "gpj.exe" can show as "exe.jpg".
// Line breaks and tabs stay in a multi-line answer (a message), a CRLF becoming one line
// break; in a one-line answer (a name, an address) they become one space: such a value may
// end up in a mail's subject, a header.
// eslint-disable-next-line no-control-regex -- control characters are what this is about
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g;

export function plainText(value: string, opts: { multiline: boolean }): string {
  const text = value.replace(/\r\n?/g, '\n').replace(CONTROL, '');
  return opts.multiline ? text : text.replace(/[\t\n]+/g, ' ');
}

/** The same for every answer of a post: multi-line only for the fields named. */
export function plainFields(fields: Record<string, string>, multiline: ReadonlySet<string>): void {
  for (const [k, v] of Object.entries(fields)) fields[k] = plainText(v, { multiline: multiline.has(k) });
}
