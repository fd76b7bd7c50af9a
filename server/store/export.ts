// Submissions as files for the foundation: JSON (everything, as stored) and CSV for a
// spreadsheet (one column per answer across all records, every cell quoted, formulas defused).
import { plainText } from '../../src/forms/plain-text';
import type { Submission } from './submissions';

export type ExportRecord = {
  id: string;
  form: string;
  collection: string;
  status: Submission['status'];
  createdAt: string;
  deliveredAt: string | null;
  attempts: number;
  lastError: string | null;
  data: Record<string, unknown>;
  /** Paths on this machine, until the record is delivered (then the files go: purge.ts). */
  files: Submission['files'];
  /** The content service's file id per field, once uploaded. */
  uploads: Submission['uploads'];
  /** When the answers were removed (retention): `data` is empty from then on. */
  purgedAt: string | null;
};

export function toExportRecord(s: Submission): ExportRecord {
  return {
    id: s.id,
    form: s.form,
    collection: s.collection,
    status: s.status,
    createdAt: new Date(s.createdAt).toISOString(),
    deliveredAt: s.deliveredAt === null ? null : new Date(s.deliveredAt).toISOString(),
    attempts: s.attempts,
    lastError: s.lastError,
    data: s.data,
    files: s.files,
    uploads: s.uploads,
    purgedAt: s.purgedAt === null ? null : new Date(s.purgedAt).toISOString(),
  };
}

export function toJson(submissions: readonly Submission[]): string {
  return `${JSON.stringify(submissions.map(toExportRecord), null, 2)}\n`;
}

const FIXED = ['id', 'form', 'status', 'created_at', 'delivered_at'] as const;

export function toCsv(submissions: readonly Submission[]): string {
  const keys: string[] = [];
  const seen = new Set<string>(FIXED);
  for (const s of submissions) {
    for (const key of Object.keys(s.data)) {
      if (!seen.has(key)) {
        seen.add(key);
        keys.push(key);
      }
    }
  }
  const hasFiles = submissions.some((s) => s.files.length > 0);
  const header = [...FIXED, ...keys, ...(hasFiles ? ['stored_files'] : [])];
  const rows = submissions.map((s) => {
    const record = toExportRecord(s);
    const cells: unknown[] = [record.id, record.form, record.status, record.createdAt, record.deliveredAt];
    for (const key of keys) cells.push(s.data[key]);
    if (hasFiles) cells.push(s.files.map((f) => `${f.field}: ${f.path}`).join('\n'));
    return cells;
  });
  // CRLF, as RFC 4180 and spreadsheet programs expect.
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/**
 * Every cell in quotes, its quotes doubled (RFC 4180): a Dutch spreadsheet splits cells on
 * `;`, not `,`, so an unquoted `Sam;=1+1` would open as two cells, the second a formula. A
 * text cell loses its control characters (a record stored before they were removed at the
 * form: a NUL or ESC would hide what follows), and one that a spreadsheet would run as a
 * formula (starting with = + - @, tab or CR: a visitor typed it) gets a leading apostrophe,
 * OWASP's guard against CSV injection; a phone number such as +31 6 ... then shows that
 * apostrophe too. Numbers stay numbers.
 */
export function csvCell(value: unknown): string {
  if (value === undefined || value === null) return '""';
  let text = typeof value === 'string' ? plainText(value, { multiline: true }) : typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}
