// The string literals of a TypeScript or TSX source, with their line: each quoted string and
// each text part of a template literal (before, between and after its `${...}`s). Comments
// and regular expressions are skipped, so a path named in a comment is not a literal. A
// quote in JSX text (an apostrophe) opens nothing past its line: a quoted string ends there.

export type Literal = { text: string; line: number };

/** After these characters (or at the start) a `/` begins a regular expression, not a division;
 * never `/>`, which closes a JSX element (as `</` after `<`, left out here, does). */
const BEFORE_REGEX = new Set(['', '(', ',', '=', ':', '[', '!', '&', '|', '?', '{', '}', ';', '+', '-', '*', '%', '>', '~', '^']);

export function stringLiterals(source: string): Literal[] {
  const found: Literal[] = [];
  // Open template literals: the depth of `{` inside each one's current `${...}`.
  const templates: number[] = [];
  let line = 1;
  let last = '';
  let i = 0;
  const at = (k: number) => source[k] ?? '';

  /** Reads a template's text from i up to `${` or the closing backtick. */
  const templateText = () => {
    const start = line;
    let text = '';
    while (i < source.length) {
      const c = at(i);
      if (c === '\\') { text += c + at(i + 1); i += 2; continue; }
      if (c === '`') { i++; templates.pop(); break; }
      if (c === '$' && at(i + 1) === '{') { i += 2; templates[templates.length - 1] = 0; break; }
      if (c === '\n') line++;
      text += c;
      i++;
    }
    found.push({ text, line: start });
    last = '`';
  };

  while (i < source.length) {
    const c = at(i);
    if (c === '\n') { line++; i++; continue; }
    if (/\s/.test(c)) { i++; continue; }
    if (c === '/' && at(i + 1) === '/') { while (i < source.length && at(i) !== '\n') i++; continue; }
    if (c === '/' && at(i + 1) === '*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end === -1 ? source.length : end + 2;
      line += (source.slice(i, stop).match(/\n/g) ?? []).length;
      i = stop;
      continue;
    }
    if (c === '/' && at(i + 1) !== '>' && (BEFORE_REGEX.has(last) || /\b(return|typeof|case)$/.test(source.slice(Math.max(0, i - 8), i).trimEnd()))) {
      let inClass = false;
      i++;
      while (i < source.length && at(i) !== '\n') {
        const r = at(i);
        if (r === '\\') { i += 2; continue; }
        if (r === '[') inClass = true;
        else if (r === ']') inClass = false;
        else if (r === '/' && !inClass) break;
        i++;
      }
      i++;
      last = '/';
      continue;
    }
    if (c === "'" || c === '"') {
      let text = '';
      i++;
      while (i < source.length && at(i) !== c && at(i) !== '\n') {
        if (at(i) === '\\') { text += at(i) + at(i + 1); i += 2; continue; }
        text += at(i);
        i++;
      }
      i++;
      found.push({ text, line });
      last = c;
      continue;
    }
    if (c === '`') { i++; templates.push(0); templateText(); continue; }
    if (templates.length > 0 && c === '{') templates[templates.length - 1]!++;
    if (templates.length > 0 && c === '}') {
      if (templates[templates.length - 1] === 0) { i++; templateText(); continue; }
      templates[templates.length - 1]!--;
    }
    last = c;
    i++;
  }
  return found;
}
