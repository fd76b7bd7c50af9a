// What a resilience run found: figures per part (printed as one table at the end) and
// failures (any one makes the run exit non-zero).
export type Report = {
  figure(part: string, name: string, value: string | number): void;
  fail(part: string, message: string): void;
  failures: Array<{ part: string; message: string }>;
  print(): void;
};

export function createReport(): Report {
  const rows: Array<{ part: string; name: string; value: string }> = [];
  const failures: Report['failures'] = [];
  return {
    figure(part, name, value) {
      rows.push({ part, name, value: typeof value === 'number' ? formatNumber(value) : value });
    },
    fail(part, message) {
      failures.push({ part, message });
      console.log(`  FAIL [${part}] ${message}`);
    },
    failures,
    print() {
      const width = (pick: (r: (typeof rows)[number]) => string, title: string) => Math.max(title.length, ...rows.map((r) => pick(r).length));
      const w = [width((r) => r.part, 'part'), width((r) => r.name, 'figure'), width((r) => r.value, 'value')] as const;
      const line = (a: string, b: string, c: string) => `${a.padEnd(w[0])}  ${b.padEnd(w[1])}  ${c.padStart(w[2])}`;
      console.log(`\n${line('part', 'figure', 'value')}\n${'-'.repeat(w[0] + w[1] + w[2] + 4)}`);
      for (const r of rows) console.log(line(r.part, r.name, r.value));
      if (failures.length === 0) console.log('\nNo failures.');
      else {
        console.log(`\n${failures.length} failure(s):`);
        for (const f of failures) console.log(`  [${f.part}] ${f.message}`);
      }
    },
  };
}

function formatNumber(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(n < 10 ? 2 : 1);
}

/** The p-th percentile (0..100) of `values` (nearest rank); 0 for none. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
