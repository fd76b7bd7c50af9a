// A loose reader of PromQL for the tests of deploy/ (alert rules, the Grafana dashboard): not a
// parser of the language (promtool checks the syntax), only enough to find which series an
// expression reads. It walks the text: a name followed by `(` is a function or aggregation, a
// keyword is skipped, the label list after `by`, `without`, `on`, `ignoring`, `group_left` and
// `group_right` is a grouping, `[...]` a range or subquery, strings and numbers are skipped, and
// any other name is a series name, with its `{...}` matchers when it has them.

export type Matcher = { label: string; op: '=' | '!=' | '=~' | '!~'; value: string };
export type Selector = { name: string; matchers: Matcher[] };
export type PromqlReading = { selectors: Selector[]; grouping: string[] };

const KEYWORDS = new Set(['and', 'or', 'unless', 'bool', 'offset', 'inf', 'nan', 'atan2']);
const GROUPING = new Set(['by', 'without', 'on', 'ignoring', 'group_left', 'group_right']);
const NAME_START = /[a-zA-Z_:]/;
const NAME_PART = /[a-zA-Z0-9_:]/;

/** The series an expression reads (their names and matchers) and the labels it groups by. */
export function readPromql(expr: string): PromqlReading {
  const selectors: Selector[] = [];
  const grouping: string[] = [];
  let i = 0;
  const skipSpace = () => {
    while (i < expr.length && /\s/.test(expr[i]!)) i++;
  };
  const readString = (): string => {
    const quote = expr[i]!;
    let value = '';
    for (i++; i < expr.length && expr[i] !== quote; i++) value += expr[i] === '\\' ? expr[++i] : expr[i];
    i++;
    return value;
  };
  const readName = (): string => {
    const start = i;
    while (i < expr.length && NAME_PART.test(expr[i]!)) i++;
    return expr.slice(start, i);
  };
  const readMatchers = (): Matcher[] => {
    const matchers: Matcher[] = [];
    i++; // {
    for (;;) {
      skipSpace();
      if (expr[i] === '}') return (i++, matchers);
      if (expr[i] === ',') {
        i++;
        continue;
      }
      const label = readName();
      skipSpace();
      const op = (/^(=~|!~|!=|=)/.exec(expr.slice(i))?.[1] ?? '') as Matcher['op'];
      if (!label || !op) throw new Error(`unreadable matcher at ${i} in ${expr}`);
      i += op.length;
      skipSpace();
      matchers.push({ label, op, value: readString() });
    }
  };
  while (i < expr.length) {
    const c = expr[i]!;
    if (/\s|[()+\-*/%^,<>=!]/.test(c)) i++;
    else if (c === '"' || c === "'" || c === '`') readString();
    else if (c === '[') i = expr.indexOf(']', i) + 1 || expr.length;
    else if (c === '$') {
      // A Grafana variable outside a string ($__rate_interval inside a range is skipped with it).
      i++;
      readName();
    } else if (/[0-9.]/.test(c)) {
      while (i < expr.length && /[0-9.eE]/.test(expr[i]!)) i++;
    } else if (c === '{') {
      selectors.push({ name: '', matchers: readMatchers() });
    } else if (NAME_START.test(c)) {
      const name = readName();
      skipSpace();
      if (GROUPING.has(name)) {
        if (expr[i] === '(') {
          const end = expr.indexOf(')', i);
          grouping.push(...expr.slice(i + 1, end).split(',').map((l) => l.trim()).filter(Boolean));
          i = end + 1;
        }
      } else if (KEYWORDS.has(name.toLowerCase()) || expr[i] === '(' || /^(by|without)\s*\(/.test(expr.slice(i))) {
        // A keyword, or a function or aggregation (`sum by (x) (...)` too): its arguments are
        // read as they come.
      } else {
        selectors.push({ name, matchers: expr[i] === '{' ? readMatchers() : [] });
      }
    } else throw new Error(`unexpected ${JSON.stringify(c)} at ${i} in ${expr}`);
  }
  return { selectors, grouping };
}
