import type { RouteDef } from '../../framework/route-types';
import type { EntryCollection, EntryRecord } from '../../content/site-content';
import type { Services } from '../services';

/** Detail page of one collection entry (course, vacancy, blog post, location, team member). */
export function entryRoute(opts: { name: string; path: string; collection: EntryCollection }): RouteDef<EntryRecord, Services> {
  return {
    name: opts.name,
    path: opts.path,
    layout: 'default',
    async load(ctx) {
      const entry = await ctx.services.content.entry(opts.collection, ctx.params.slug ?? '', ctx.locale);
      return entry ? { kind: 'ok', data: entry } : { kind: 'not-found' };
    },
    title: (entry) => String(entry.title ?? entry.name ?? entry.slug),
    page: (entry) => (
      <article className="page">
        <h1 className="page-title">{String(entry.title ?? entry.name ?? entry.slug)}</h1>
        {typeof entry.summary === 'string' ? <p>{entry.summary}</p> : null}
      </article>
    ),
  };
}
