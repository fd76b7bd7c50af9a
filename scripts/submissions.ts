/**
 * The operator's view of the durable store (`$DATA_DIR/joinus.sqlite`, default `.data`):
 *
 *   npm run submissions -- list [--form F] [--status pending|delivered|failed] [--limit N]
 *   npm run submissions -- export --format csv|json [--form F] [--status S] [--out FILE]
 *   npm run submissions -- retry <id> | retry --failed
 *   npm run submissions -- mails [--status pending|sent|failed] [--limit N]
 *   npm run submissions -- find --email X
 *   npm run submissions -- export --email X --format json [--out FILE]
 *   npm run submissions -- erase --email X
 *   npm run submissions -- backup --out DIR
 *   npm run submissions -- restore --from DIR
 *
 * `list` and `mails` show ids, names and statuses only, safe to paste into a ticket; `export`
 * writes every answer (personal data: an --out file is readable by its owner only). `retry`
 * puts a failed submission back in line; the server's delivery worker picks it up. `find`,
 * `export --email` and `erase` answer one person's request to see or erase their data, in this
 * store and in Strapi (STRAPI_URL, STRAPI_TOKEN): scripts/person-commands.ts. `backup` copies the
 * store and its uploads while the server runs; `restore` puts them into an empty DATA_DIR:
 * scripts/backup-commands.ts.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { databasePath, openDatabase } from '../server/store/database';
import { toCsv, toJson } from '../server/store/export';
import { createMailOutbox, type MailStatus } from '../server/mail/mail-outbox';
import { createSubmissionStore, SUBMISSION_STATUSES, type SubmissionStatus } from '../server/store/submissions';
import { backupCommand, restoreCommand } from './backup-commands';
import { eraseCommand, exportCommand, findCommand, validAddress } from './person-commands';

const USAGE = `Usage:
  submissions list [--form F] [--status pending|delivered|failed] [--limit N]
  submissions export --format csv|json [--form F] [--status S] [--out FILE]
  submissions retry <id> | retry --failed
  submissions mails [--status pending|sent|failed] [--limit N]
  submissions find --email X
  submissions export --email X --format json [--out FILE]
  submissions erase --email X
  submissions backup --out DIR
  submissions restore --from DIR
Reads DATA_DIR (default .data); find, export --email and erase also ask Strapi (STRAPI_URL,
STRAPI_TOKEN) when STRAPI_URL is set.`;

function usage(problem?: string): never {
  if (problem) process.stderr.write(`${problem}\n\n`);
  process.stderr.write(`${USAGE}\n`);
  process.exit(2);
}

const { positionals, values } = (() => {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        form: { type: 'string' },
        status: { type: 'string' },
        limit: { type: 'string' },
        format: { type: 'string' },
        out: { type: 'string' },
        failed: { type: 'boolean' },
        email: { type: 'string' },
        from: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (err) {
    return usage((err as Error).message);
  }
})();

const [command, ...rest] = positionals;
if (values.help || !command) usage();

const dataDir = process.env.DATA_DIR || '.data';
// A restore comes before any store: it makes one.
if (command === 'restore') {
  if (!values.from) usage('restore needs --from and the folder a backup was written to.');
  process.exit(restoreCommand(values.from, dataDir));
}
if (!existsSync(databasePath(dataDir))) {
  process.stderr.write(`No store at ${databasePath(dataDir)} (set DATA_DIR to the server's data directory).\n`);
  process.exit(1);
}
const db = openDatabase(dataDir);
const store = createSubmissionStore(db);

const limit = values.limit === undefined ? undefined : Number(values.limit);
if (limit !== undefined && !(Number.isInteger(limit) && limit > 0)) usage('--limit takes a positive whole number.');

function submissionStatus(): SubmissionStatus | undefined {
  if (values.status === undefined) return undefined;
  if ((SUBMISSION_STATUSES as readonly string[]).includes(values.status)) return values.status as SubmissionStatus;
  return usage(`Unknown status "${values.status}": pending, delivered or failed.`);
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ').trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

function personAddress(): string {
  if (!validAddress(values.email)) return usage(`${command} needs --email and an address such as name@example.org.`);
  return values.email.trim();
}

/** To --out (readable by its owner only: personal data) or to stdout. */
function writeOut(body: string, what: string): void {
  if (!values.out) return void process.stdout.write(body);
  writeFileSync(values.out, body, { mode: 0o600 });
  process.stderr.write(`${what} written to ${values.out}\n`);
}

const when = (ms: number) => new Date(ms).toISOString().replace('T', ' ').slice(0, 19);

switch (command) {
  case 'list': {
    const records = store.list({ form: values.form, status: submissionStatus(), limit: limit ?? 100 });
    const rows = records.map((s) => [s.id, s.form, s.status, when(s.createdAt), String(s.attempts)]);
    process.stdout.write(`${table(['id', 'form', 'status', 'created (UTC)', 'attempts'], rows)}\n`);
    const counts = store.counts();
    process.stdout.write(`\n${counts.pending} pending, ${counts.delivered} delivered, ${counts.failed} failed in all\n`);
    break;
  }
  case 'find':
  case 'erase': {
    const email = personAddress();
    process.exitCode = command === 'find' ? await findCommand(db, email) : await eraseCommand(db, email, dataDir);
    break;
  }
  case 'export': {
    if (values.email !== undefined) {
      const email = personAddress();
      if (values.format !== 'json') usage('export --email writes JSON: add --format json.');
      const { body, count, problems } = await exportCommand(db, email);
      writeOut(body, `${count} record(s)`);
      for (const p of problems) process.stderr.write(`problem: ${p}\n`);
      process.exitCode = problems.length ? 1 : 0;
      break;
    }
    if (values.format !== 'csv' && values.format !== 'json') usage('export needs --format csv or --format json.');
    const records = store.list({ form: values.form, status: submissionStatus(), limit }).reverse();
    writeOut(values.format === 'csv' ? toCsv(records) : toJson(records), `${records.length} submission(s)`);
    break;
  }
  case 'retry': {
    // A failed record whose answers the retention removed has nothing left to deliver.
    const ids = values.failed ? store.list({ status: 'failed' }).filter((s) => s.purgedAt === null).map((s) => s.id) : rest;
    if (ids.length === 0 && !values.failed) usage('retry needs a submission id, or --failed.');
    if (ids.length === 0) process.stdout.write('No failed submissions.\n');
    let problems = 0;
    for (const id of ids) {
      const record = store.get(id);
      if (record && store.retry(id)) {
        process.stdout.write(`${id}: pending again\n`);
      } else {
        problems += 1;
        const why = !record ? 'no such submission' : record.purgedAt !== null ? 'its answers were removed (retention): nothing left to deliver' : `${record.status}; only a failed submission is retried`;
        process.stderr.write(`${id}: ${why}\n`);
      }
    }
    process.exitCode = problems ? 1 : 0;
    break;
  }
  case 'mails': {
    const status = values.status as MailStatus | undefined;
    if (status && !['pending', 'sent', 'failed'].includes(status)) usage(`Unknown status "${status}": pending, sent or failed.`);
    const outbox = createMailOutbox(db);
    const rows = outbox.list({ status, limit: limit ?? 100 }).map((m) => [m.id, m.kind, m.status, when(m.createdAt), String(m.attempts)]);
    process.stdout.write(`${table(['id', 'kind', 'status', 'created (UTC)', 'attempts'], rows)}\n`);
    const counts = outbox.counts();
    process.stdout.write(`\n${counts.pending} pending, ${counts.sent} sent, ${counts.failed} failed in all\n`);
    break;
  }
  case 'backup': {
    if (!values.out) usage('backup needs --out and a new folder to write it to.');
    process.exitCode = await backupCommand(db, dataDir, values.out);
    break;
  }
  default:
    usage(`Unknown command "${command}".`);
}

db.close();
