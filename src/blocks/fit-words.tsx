// A title keeps each word whole at the visitor's normal text size. A word wider than the title's
// line ("jongereneenzaamheid" in a 37 px title on a 375 px phone) would break inside itself; here
// the title's longest word names a class (`fit-19`: up to 19 letters) whose width in em the CSS
// knows (`--word`, base.css), and `.fit-words` sets the title smaller until that word fits its
// line, at most to three quarters of its size: at 200% text a long word may still break (the
// page never grows wider), but the text does grow. A class, not a style attribute: the content
// security policy allows no inline styles.
import type { ReactNode } from 'react';

/** A line breaks between words at spaces, hyphens and slashes; a word is what lies between. */
const WORD = /[^\s\-\u2010\u2013\u2014/]+/g;
/** Words shorter than this fit every title's line at every width from 320 px up. */
const LONG_WORD = 10;
/** The longest class base.css has; a longer word takes it (and the three-quarter floor). */
const LONGEST_CLASS = 25;

/** The class that sizes a title for its longest word (odd letter counts, rounded up), or null
 * when every word is short enough to fit as it is. */
export function fitClass(text: string): string | null {
  const longest = Math.max(0, ...[...text.matchAll(WORD)].map((m) => [...m[0]].length));
  if (longest < LONG_WORD) return null;
  return `fit-${Math.min(LONGEST_CLASS, longest % 2 === 1 ? longest : longest + 1)}`;
}

/** The title's text (or `children`, which show `text`), sized so its longest word fits a line. */
export function FitWords({ text, children }: { text: string; children?: ReactNode }) {
  const fit = fitClass(text);
  if (fit === null) return <>{children ?? text}</>;
  return <span className={`fit-words ${fit}`}>{children ?? text}</span>;
}
