import Database from 'better-sqlite3';
import { E2E_DATA_DIR, PORT } from '../playwright.config';

/** Submissions the e2e server stored whose data contains `marker`. */
export function storedWith(marker: string): Array<{ form: string; data: Record<string, unknown>; files: unknown[] }> {
  const db = new Database(`${E2E_DATA_DIR}/${PORT}/joinus.sqlite`, { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare('SELECT form, data, files FROM submissions WHERE data LIKE ?').all(`%${marker}%`) as Array<{ form: string; data: string; files: string }>;
    return rows.map((r) => ({ form: r.form, data: JSON.parse(r.data), files: JSON.parse(r.files ?? '[]') }));
  } finally {
    db.close();
  }
}
