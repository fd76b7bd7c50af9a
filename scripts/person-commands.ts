/**
 * One person's data, by email address (AVG articles 15 and 17), for the operator command:
 *
 *   submissions find --email X                      what the site's store and Strapi hold (ids, dates, kinds)
 *   submissions export --email X --format json [--out FILE]   all of it, with every answer
 *   submissions erase --email X                     removes it from both; prints counts only
 *
 * The site's store is DATA_DIR's (server/store/person-data.ts); Strapi is asked through
 * STRAPI_URL with the site's own token, STRAPI_TOKEN (server/store/person-strapi.ts), in every
 * collection a form with an `email` field delivers to, and its users-permissions accounts.
 * Without STRAPI_URL only the site's store is searched, and the command says so. Nothing here
 * writes a log line; `erase` never prints the address. Addresses are compared by their key
 * (src/forms/address-key.ts), as everywhere on the site.
 */
import { isEmail } from '../src/forms/rules';
import path from 'node:path';
import { pino } from 'pino';
import { FORM_DEFINITIONS } from '../src/forms/catalogue/index';
import { createContentClient } from '../src/content/client';
import { parseContentSettings } from '../src/content/settings';
import type { Db } from '../server/store/database';
import { toExportRecord } from '../server/store/export';
import { createPersonData, type SiteFindings } from '../server/store/person-data';
import { placeOf } from '../server/store/upload-place';
import { eraseInStrapi, findInStrapi, type StrapiFindings } from '../server/store/person-strapi';

/** The content service's collections that hold an address: every form's but the accounts'. */
export const PERSON_COLLECTIONS = [...new Set(FORM_DEFINITIONS.filter((def) => def.hooks !== 'account' && def.fields.some((f) => f.name === 'email')).map((def) => def.collection))];

/** The forms' own address rule: every address the site stored passed it. */
export const validAddress = (email: string | undefined): email is string => isEmail(email);

function strapiClient() {
  const url = process.env.STRAPI_URL;
  if (!url) return null;
  const version = (process.env.STRAPI_VERSION || 'v5') as 'v3' | 'v4' | 'v5';
  const settings = parseContentSettings({ url, token: process.env.STRAPI_TOKEN || undefined, version, prefix: process.env.STRAPI_PREFIX || undefined, timeoutMs: 15_000 });
  // Silent: every call passes log: false, and this command's output is its report.
  return createContentClient({ settings, logger: pino({ level: 'silent' }), cache: null });
}

type Found = { site: SiteFindings; strapi: StrapiFindings | null };

async function findAll(db: Db, email: string): Promise<Found> {
  const site = createPersonData(db).find(email);
  const client = strapiClient();
  const strapi = client ? await findInStrapi(client, email, { collections: PERSON_COLLECTIONS, fileIds: site.uploadedFileIds }) : null;
  return { site, strapi };
}

const when = (ms: number | string | null) => (ms === null ? '' : new Date(ms).toISOString().replace('T', ' ').slice(0, 19));
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ').trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

function summary({ site, strapi }: Found): string {
  const files = site.files.length + site.waiting.length;
  const waiting = site.waiting.length ? ` (${site.waiting.length} waiting for a confirmation)` : '';
  const here = `site store: ${plural(site.submissions.length, 'submission')}, ${plural(site.mails.length, 'mail')}, ${plural(site.donations.length, 'donation')}, ${plural(files, 'file')} on disk${waiting}`;
  const there = strapi
    ? `Strapi: ${plural(strapi.entries.length, 'entry', 'entries')} in ${plural(new Set(strapi.entries.map((e) => e.collection)).size, 'collection')}, ${plural(strapi.files.length, 'file')}, ${plural(strapi.accounts.length, 'account')}`
    : 'Strapi: not searched (STRAPI_URL is not set)';
  return `${here}\n${there}`;
}

/** `find`: where, what, its id, when and its state; no answers. */
export async function findCommand(db: Db, email: string): Promise<number> {
  const found = await findAll(db, email);
  const { site, strapi } = found;
  const rows: string[][] = [
    ...site.submissions.map((s) => ['site store', `submission ${s.form}`, s.id, when(s.createdAt), s.status]),
    ...site.mails.map((m) => ['site store', `mail ${m.kind}`, m.id, when(m.createdAt), m.status]),
    ...site.donations.map((d) => ['site store', `donation ${d.frequency} ${(d.amountCents / 100).toFixed(2)} ${d.currency}`, d.id, when(d.createdAt), d.status]),
    ...site.files.map((f) => ['site uploads', `file ${f.field} (${f.size} bytes)`, placeOf(f.path), '', `of ${f.submission}`]),
    ...site.waiting.map((w) => ['site uploads', `file ${w.file.field} (${w.file.size} bytes)`, placeOf(w.file.path), when(w.createdAt), `waiting for a confirmation (${w.form})`]),
    ...(strapi?.entries ?? []).map((e) => ['Strapi', e.collection, e.id, when(e.createdAt), e.files.length ? plural(e.files.length, 'file') : '']),
    ...(strapi?.files ?? []).map((f) => ['Strapi', `upload ${f.mime ?? ''}`, String(f.id), '', f.size === null ? '' : `${Math.round(f.size * 1024)} bytes`]),
    ...(strapi?.accounts ?? []).map((a) => ['Strapi', `account (${a.provider ?? 'local'})`, String(a.id), when(a.createdAt), a.blocked ? 'blocked' : a.confirmed ? 'confirmed' : 'not confirmed']),
  ];
  process.stdout.write(rows.length ? `${table(['where', 'what', 'id', 'created (UTC)', 'state'], rows)}\n\n` : 'Nothing found for this address.\n\n');
  process.stdout.write(`${summary(found)}\n`);
  return reportProblems(strapi?.problems ?? []);
}

/** `export --email`: everything found, with every answer, as JSON. */
export async function exportCommand(db: Db, email: string): Promise<{ body: string; count: number; problems: string[] }> {
  const { site, strapi } = await findAll(db, email);
  const document = {
    exportedAt: new Date().toISOString(),
    email: email.trim(),
    site: {
      submissions: site.submissions.map(toExportRecord),
      mails: site.mails.map((m) => ({ ...m, createdAt: iso(m.createdAt), sentAt: iso(m.sentAt) })),
      donations: site.donations.map((d) => ({ ...d, createdAt: iso(d.createdAt) })),
      files: site.files,
      waitingUploads: site.waiting.map((w) => ({ ...w, createdAt: iso(w.createdAt), expiresAt: iso(w.expiresAt) })),
    },
    strapi: strapi ? { entries: strapi.entries, files: strapi.files, accounts: strapi.accounts } : null,
  };
  const count = site.submissions.length + site.mails.length + site.donations.length + (strapi ? strapi.entries.length + strapi.accounts.length : 0);
  return { body: `${JSON.stringify(document, null, 2)}\n`, count, problems: strapi?.problems ?? [] };
}

/** `erase`: the site's store, then Strapi; counts only, so the output may go in a ticket. */
export async function eraseCommand(db: Db, email: string, dataDir: string): Promise<number> {
  const found = await findAll(db, email);
  const site = await createPersonData(db).erase(email, { uploadsDir: path.join(dataDir, 'uploads') });
  process.stdout.write(
    `site store: removed ${plural(site.submissions, 'submission')}, ${plural(site.mails, 'mail')}, ${plural(site.files, 'file')}${site.waiting ? ` (${site.waiting} waiting for a confirmation)` : ''}; ` +
      `donor details removed from ${plural(site.donations, 'donation')} (payment id, status and amount stay)\n`,
  );
  if (site.inFlight) process.stdout.write(`${plural(site.inFlight, 'submission was', 'submissions were')} being delivered at this moment: run erase again in two minutes for the copy in Strapi\n`);
  const client = strapiClient();
  if (!client || !found.strapi) {
    process.stdout.write('Strapi: not erased (STRAPI_URL is not set)\n');
    return 0;
  }
  const there = await eraseInStrapi(client, found.strapi);
  process.stdout.write(`Strapi: deleted ${plural(there.entries, 'entry', 'entries')}, ${plural(there.files, 'file')}, ${plural(there.accounts, 'account')}\n`);
  if (found.site.donations.some((d) => d.paymentId)) process.stdout.write('Mollie keeps its own record of the payments (name, bank account): ask Mollie to erase those\n');
  return reportProblems(there.problems);
}

function reportProblems(problems: string[]): number {
  for (const p of problems) process.stderr.write(`problem: ${p}\n`);
  return problems.length ? 1 : 0;
}
