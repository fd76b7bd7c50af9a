// A strict reader of the Prometheus text format (version 0.0.4), for the tests: every line is a
// HELP, a TYPE or a sample; every sample belongs to a family whose TYPE came first; names,
// label names and values are well formed (escapes included); no series twice; a histogram's
// buckets rise to +Inf, which equals its _count. Anything else throws, naming the line.

export type Sample = { name: string; labels: Record<string, string>; value: number };
export type Family = { type: string; help?: string; samples: Sample[] };

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);
const SUFFIXES: Record<string, string[]> = { histogram: ['_bucket', '_sum', '_count'], summary: ['', '_sum', '_count'] };

export function parsePrometheusText(text: string): Map<string, Family> {
  if (!text.endsWith('\n')) throw new Error('the text must end with a line break');
  const families = new Map<string, Family>();
  const seen = new Set<string>();
  text.slice(0, -1).split('\n').forEach((line, i) => {
    const fail = (why: string): never => {
      throw new Error(`line ${i + 1}: ${why}: ${JSON.stringify(line)}`);
    };
    if (line === '') return;
    if (line.startsWith('#')) {
      const m = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line) ?? fail('a comment that is neither HELP nor TYPE');
      const [, kind, name, rest] = m as unknown as [string, string, string, string];
      if (!NAME.test(name)) fail('a bad metric name');
      const family = families.get(name);
      if (kind === 'TYPE') {
        if (!TYPES.has(rest)) fail('an unknown type');
        if (family?.type) fail('a second TYPE');
        if (family?.samples.length) fail('TYPE after samples');
        families.set(name, { ...family, type: rest, samples: family?.samples ?? [] });
      } else {
        if (family?.help !== undefined) fail('a second HELP');
        if (/\\[^\\n]/.test(rest.replace(/\\\\/g, ''))) fail('a bad escape in HELP');
        families.set(name, { type: family?.type ?? '', samples: family?.samples ?? [], help: rest });
      }
      return;
    }
    const sample = parseSample(line) ?? fail('not a sample');
    const family = familyOf(families, sample.name) ?? fail('a sample of no declared family');
    if (!family.type) fail('a sample before its TYPE');
    const key = `${sample.name}${JSON.stringify(Object.entries(sample.labels).sort())}`;
    if (seen.has(key)) fail('a series twice');
    seen.add(key);
    family.samples.push(sample);
  });
  for (const [name, family] of families) if (family.type === 'histogram') checkHistogram(name, family);
  return families;
}

function familyOf(families: Map<string, Family>, sampleName: string): Family | undefined {
  const exact = families.get(sampleName);
  if (exact && !SUFFIXES[exact.type]) return exact;
  for (const [name, family] of families) if ((SUFFIXES[family.type] ?? []).some((s) => sampleName === name + s)) return family;
  return undefined;
}

function parseSample(line: string): Sample | null {
  const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{.*\})? (\S+)( -?\d+)?$/.exec(line);
  if (!m) return null;
  const labels: Record<string, string> = {};
  if (m[2]) {
    let rest = m[2].slice(1, -1);
    while (rest.length) {
      const l = /^([^=]+)="((?:[^"\\\n]|\\[\\"n])*)"(,|$)/.exec(rest);
      if (!l || !LABEL_NAME.test(l[1]!) || l[1]! in labels) return null;
      labels[l[1]!] = l[2]!.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
      rest = rest.slice(l[0].length);
      if (l[3] === ',' && !rest.length) break;
    }
  }
  const value = goFloat(m[3]!);
  return value === null ? null : { name: m[1]!, labels, value };
}

/** A value as Go's ParseFloat reads it, which the format names: decimals and exponents, and
 * Inf, Infinity and NaN in any case (prom-client writes a NaN gauge as `Nan`). */
function goFloat(raw: string): number | null {
  if (/^[-+]?(inf|infinity)$/i.test(raw)) return raw.startsWith('-') ? -Infinity : Infinity;
  if (/^nan$/i.test(raw)) return NaN;
  return /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(raw) ? Number(raw) : null;
}

function checkHistogram(name: string, family: Family): void {
  const series = new Map<string, { buckets: Array<[number, number]>; count?: number }>();
  for (const s of family.samples) {
    const { le, ...rest } = s.labels;
    const key = JSON.stringify(Object.entries(rest).sort());
    const entry = series.get(key) ?? { buckets: [] };
    series.set(key, entry);
    if (s.name === `${name}_bucket`) {
      if (le === undefined) throw new Error(`${name}: a bucket without le`);
      entry.buckets.push([le === '+Inf' ? Infinity : Number(le), s.value]);
    } else if (s.name === `${name}_count`) entry.count = s.value;
  }
  for (const [key, { buckets, count }] of series) {
    const sorted = [...buckets].sort((a, b) => a[0] - b[0]);
    sorted.forEach(([, v], i) => {
      if (i > 0 && v < sorted[i - 1]![1]) throw new Error(`${name}${key}: buckets fall`);
    });
    const inf = sorted.at(-1);
    if (!inf || inf[0] !== Infinity) throw new Error(`${name}${key}: no +Inf bucket`);
    if (inf[1] !== count) throw new Error(`${name}${key}: +Inf bucket ${inf[1]} differs from _count ${count}`);
  }
}

/** The value of one series: `name` with exactly these labels. */
export function valueOf(families: Map<string, Family>, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const family of families.values()) {
    for (const s of family.samples) {
      if (s.name !== name) continue;
      const keys = Object.keys(s.labels);
      if (keys.length === Object.keys(labels).length && keys.every((k) => s.labels[k] === labels[k])) return s.value;
    }
  }
  return undefined;
}
