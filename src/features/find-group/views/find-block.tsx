// The find-location block with the search's answer: the form keeps the searched values and
// shows each field's validation message next to it; the outcome follows it.
import { regionsOf, runSearch, searchQuery } from '../rules/search';
import type { BlockContext } from '../../../blocks/block-context';
import { FindLocationForm, type RegionChoice } from './find-location-form';
import { SearchOutcome } from './search-outcome';

export async function FindGroup({ ctx, submitLabel, idPrefix }: { ctx: BlockContext; submitLabel?: string | null; idPrefix: string }) {
  const query = searchQuery(ctx.query);
  // Without districts (content unreachable) the search still works by postcode alone.
  const districts = await regionsOf(ctx.services.content, ctx.locale).catch(() => []);
  const regions: RegionChoice[] = districts
    .map((d) => ({ region: d.name, municipalities: d.municipalities.map((m) => m.name).sort((a, b) => a.localeCompare(b, 'nl')) }))
    .filter((r) => r.municipalities.length > 0);
  if (!query) return <FindLocationForm ctx={ctx} submitLabel={submitLabel} idPrefix={idPrefix} regions={regions} />;
  const check = await runSearch(ctx.services.content, ctx.locale, query, districts);
  return (
    <>
      {check.kind === 'invalid' && check.summary ? (
        <p className="form-message" role="alert">
          {check.summary}
        </p>
      ) : null}
      <FindLocationForm ctx={ctx} submitLabel={submitLabel} idPrefix={idPrefix} values={query} regions={regions} errors={check.kind === 'invalid' ? check.errors : undefined} />
      {check.kind === 'answer' ? <SearchOutcome ctx={ctx} answer={check.answer} /> : null}
    </>
  );
}
