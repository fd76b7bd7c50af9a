// The embedded content at a multiple of its size: what a foundation's site holds after years of
// posts, groups, vacancies, courses and people. Made from content/snapshot, never committed whole.
//
//   npx tsx scripts/scale-content.ts 10 /tmp/content-10x     (then CONTENT_SNAPSHOT_DIR=/tmp/content-10x)
//
// Each record of a growing collection gets `factor - 1` copies in every locale it has: a slug and a
// documentId of its own (a record's translations share theirs, as in Strapi), its title or name
// numbered, its references (a group's region, a course's places, media) those of the original, so
// every reference stays valid. Blog posts and past events are spread back over the years; only the
// original events stay promoted. What does not grow with the years stays as it is: the pages and
// menus (an editor's choice), the regions (the country's own), the global settings.
//
//   npx tsx scripts/scale-content.ts 50 /tmp/content-50x --menus=10
//
// `--menus=N` makes the menus N times as long too, for what an editor's long menus cost: every
// entry without a submenu gets N - 1 numbered copies beside it, linking where it links (the pages
// do not grow); the headings that open a submenu stay, their submenus grow.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The collections that grow as the years go by. */
export const GROWING = ['locations', 'blog-posts', 'vacancies', 'courses', 'team-members', 'events', 'partners'] as const;

type Rec = Record<string, unknown> & { id: number; documentId: string; slug?: string };

const DAY_MS = 86_400_000;

/** A documentId of Strapi's shape (24 characters, a-z0-9), the same for every locale of a copy. */
function copyId(documentId: string, copy: number): string {
  const tail = copy.toString(36);
  return (documentId.slice(0, 24 - tail.length - 1) + 'x' + tail).padEnd(24, '0');
}

const shiftDate = (iso: unknown, days: number): unknown => {
  if (typeof iso !== 'string') return iso;
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return iso;
  const shifted = new Date(t - days * DAY_MS).toISOString();
  return /^\d{4}-\d{2}-\d{2}$/.test(iso) ? shifted.slice(0, 10) : shifted;
};

/** Copy number `copy` (1-based past the original) of one record. */
function copyOf(collection: string, record: Rec, copy: number, nextId: () => number): Rec {
  const n = copy + 1;
  const out: Rec = { ...record, id: nextId(), documentId: copyId(record.documentId, copy) };
  if (typeof record.slug === 'string') out.slug = `${record.slug}-${n}`;
  if (typeof record.title === 'string') out.title = `${record.title} (${n})`;
  if (typeof record.name === 'string') out.name = `${record.name} ${n}`;
  if (typeof record.shortTitle === 'string') out.shortTitle = `${record.shortTitle} ${n}`;
  if (collection === 'locations' && typeof record.lat === 'number' && typeof record.lng === 'number') {
    // Nearby, as a town's second and third group are: a few km around the original.
    const angle = copy * 2.399963; // the golden angle: copies spread evenly, never on one spot
    const km = 1.5 + (copy % 7);
    out.lat = Math.round((record.lat + (km / 111) * Math.sin(angle)) * 1e5) / 1e5;
    out.lng = Math.round((record.lng + (km / 68) * Math.cos(angle)) * 1e5) / 1e5;
  }
  if (collection === 'blog-posts') {
    // A post a week further back per copy: years of posts.
    out.publishedDate = shiftDate(record.publishedDate, copy * 7);
    for (const k of ['createdAt', 'updatedAt', 'publishedAt']) out[k] = shiftDate(record[k], copy * 7);
  }
  if (collection === 'events') {
    // Earlier editions, a quarter apart, none promoted: the promoted one is the original's.
    for (const k of ['startsAt', 'endsAt']) out[k] = shiftDate(record[k], copy * 91);
    out.promoted = false;
    if (typeof record.ticketUrl === 'string' && typeof record.slug === 'string') out.ticketUrl = record.ticketUrl.replace(record.slug, String(out.slug));
  }
  if (collection === 'team-members' && typeof record.order === 'number') out.order = record.order + copy * 100;
  return out;
}

type MenuItem = Record<string, unknown> & { id: number; documentId?: string; items?: MenuItem[] | null };

/** One menu's entries with every entry that has no submenu `menus` times over (copies numbered as
 * records are, with ids from `nextId`), at every depth. */
function lengthenMenu(items: MenuItem[], menus: number, nextId: () => number): MenuItem[] {
  const own = items.map((item) => (item.items?.length ? { ...item, items: lengthenMenu(item.items, menus, nextId) } : item));
  const leaves = own.filter((item) => !item.items?.length);
  let order = Math.max(0, ...own.map((item) => (typeof item.order === 'number' ? item.order : 0)));
  const copies = leaves.flatMap((item) =>
    Array.from({ length: menus - 1 }, (_, c) => {
      const n = c + 2;
      const copy: MenuItem = { ...item, id: nextId(), order: ++order };
      if (typeof item.documentId === 'string') copy.documentId = copyId(item.documentId, c + 1);
      if (typeof item.title === 'string') copy.title = `${item.title} (${n})`;
      for (const k of ['slug', 'uiRouterKey']) if (typeof item[k] === 'string') copy[k] = `${item[k]}-${n}`;
      return copy;
    }),
  );
  return [...own, ...copies];
}

/** Counts a menu's entries at every depth. */
const menuEntries = (items: MenuItem[]): number => items.reduce((n, item) => n + 1 + menuEntries(item.items ?? []), 0);

/** Every menu file under `dir/navigation`, of every locale. */
function menuFiles(dir: string): string[] {
  const navigation = path.join(dir, 'navigation');
  return readdirSync(navigation, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .flatMap((e) => readdirSync(path.join(navigation, e.name)).filter((f) => f.endsWith('.json')).map((f) => path.join(navigation, e.name, f)));
}

const readMenu = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as MenuItem[];

/** The entries of the Dutch menus under `dir`, at every depth. */
export const dutchMenuEntries = (dir: string): number =>
  menuFiles(dir)
    .filter((f) => f.includes(`${path.sep}nl${path.sep}`))
    .reduce((n, f) => n + menuEntries(readMenu(f)), 0);

/** Makes every menu of every locale under `dir/navigation` `menus` times as long (lengthenMenu). */
function lengthenMenus(dir: string, menus: number): void {
  const files = menuFiles(dir);
  const all = files.map(readMenu);
  // Ids unique across every menu and locale, as the navigation plugin's rows are.
  const ids = (items: MenuItem[]): number[] => items.flatMap((item) => [item.id, ...ids(item.items ?? [])]);
  let id = Math.max(0, ...all.flatMap(ids)) + 1;
  files.forEach((file, i) => writeFileSync(file, JSON.stringify(lengthenMenu(all[i]!, menus, () => id++))));
}

export type ScaledContentOptions = {
  /** The content to multiply; default the committed snapshot. */
  from?: string;
  /** How many times as long the menus get (lengthenMenu); default 1, as they are. */
  menus?: number;
};

/** Writes the embedded content at `factor` times its size into `outDir` (replaced). Returns the
 * number of records per collection of the Dutch locale, and the Dutch menus' entries at every
 * depth (`menu entries`). */
export function writeScaledContent(factor: number, outDir: string, opts: ScaledContentOptions = {}): Record<string, number> {
  const from = opts.from ?? path.resolve('content/snapshot');
  const menus = opts.menus ?? 1;
  if (!Number.isInteger(factor) || factor < 1) throw new Error(`factor must be a whole number of at least 1, not ${factor}`);
  if (!Number.isInteger(menus) || menus < 1) throw new Error(`menus must be a whole number of at least 1, not ${menus}`);
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(path.dirname(outDir), { recursive: true });
  cpSync(from, outDir, { recursive: true });
  const counts: Record<string, number> = {};
  const locales = readdirSync(outDir, { withFileTypes: true }).filter((e) => e.isDirectory() && existsSync(path.join(outDir, e.name, 'pages.json'))).map((e) => e.name);
  for (const collection of GROWING) {
    // Ids are per collection and unique across locales, as Strapi's rows are.
    const files = locales.map((l) => path.join(outDir, l, `${collection}.json`)).filter((f) => existsSync(f));
    const all = files.map((f) => JSON.parse(readFileSync(f, 'utf8')) as Rec[]);
    let id = Math.max(0, ...all.flat().map((r) => r.id)) + 1;
    const nextId = () => id++;
    files.forEach((file, i) => {
      const records = all[i]!;
      const copies = records.flatMap((r) => Array.from({ length: factor - 1 }, (_, c) => copyOf(collection, r, c + 1, nextId)));
      const written = [...records, ...copies];
      writeFileSync(file, JSON.stringify(written));
      if (file.includes(`${path.sep}nl${path.sep}`)) counts[collection] = written.length;
    });
  }
  if (menus > 1) lengthenMenus(outDir, menus);
  counts['menu entries'] = dutchMenuEntries(outDir);
  return counts;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename ?? '')) {
  const args = process.argv.slice(2);
  const menusArg = args.find((a) => a.startsWith('--menus='));
  const [factor, out] = args.filter((a) => a !== menusArg);
  if (!factor || !out) {
    console.error('usage: tsx scripts/scale-content.ts <factor> <out-dir> [--menus=N]');
    process.exit(2);
  }
  const counts = writeScaledContent(Number(factor), path.resolve(out), { menus: menusArg ? Number(menusArg.slice('--menus='.length)) : 1 });
  console.log(`content at ${factor}x in ${out}:`, counts);
}
