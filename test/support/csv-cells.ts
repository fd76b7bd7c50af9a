// The cells of a CSV export as a spreadsheet reads them with `separator` between cells: quotes
// group, `""` is a quote. For the CSV safety test and the resilience part that checks exports.
export function csvCells(csv: string, separator: string): string[] {
  const out: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < csv.length; i += 1) {
    const c = csv[i]!;
    if (quoted) {
      if (c === '"' && csv[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === separator || c === '\n') {
      out.push(cell);
      cell = '';
    } else if (c !== '\r') cell += c;
  }
  return out;
}
