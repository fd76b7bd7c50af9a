import Database from 'better-sqlite3';
import { E2E_DATA_DIR, PORT } from '../playwright.config';

/** Submissions the e2e server (on `port`) stored whose data contains `marker`. */
export function storedWith(marker: string, port = PORT): Array<{ form: string; data: Record<string, unknown>; files: unknown[] }> {
  const db = new Database(`${E2E_DATA_DIR}/${port}/joinus.sqlite`, { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare('SELECT form, data, files FROM submissions WHERE data LIKE ?').all(`%${marker}%`) as Array<{ form: string; data: string; files: string }>;
    return rows.map((r) => ({ form: r.form, data: JSON.parse(r.data), files: JSON.parse(r.files ?? '[]') }));
  } finally {
    db.close();
  }
}

/** Donations the e2e server on `port` started whose donor contains `marker`. */
export function donationsWith(marker: string, port = PORT): Array<Record<string, unknown>> {
  const db = new Database(`${E2E_DATA_DIR}/${port}/joinus.sqlite`, { readonly: true, fileMustExist: true });
  try {
    return db.prepare('SELECT * FROM donations WHERE donor LIKE ?').all(`%${marker}%`) as Array<Record<string, unknown>>;
  } finally {
    db.close();
  }
}
