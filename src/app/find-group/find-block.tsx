// The find-location block with the search's answer: the form keeps the searched values and
// shows the spec's messages next to its fields; the outcome follows it.
import type { BlockContext } from '../../blocks/block-context';
import { FindLocationForm, type RegionChoice } from '../../blocks/find-location-form';
import { regionsOf, runSearch, searchQuery } from './search';
import { SearchOutcome } from './search-outcome';

export async function FindGroup({ ctx, submitLabel, idPrefix }: { ctx: BlockContext; submitLabel?: string | null; idPrefix: string }) {
  const query = searchQuery(ctx);
  // Without districts (content unreachable) the search still works by postcode alone.
  const districts = await regionsOf(ctx).catch(() => []);
  const regions: RegionChoice[] = districts
    .map((d) => ({ region: d.name, municipalities: d.municipalities.map((m) => m.name).sort((a, b) => a.localeCompare(b, 'nl')) }))
    .filter((r) => r.municipalities.length > 0);
  if (!query) return <FindLocationForm ctx={ctx} submitLabel={submitLabel} idPrefix={idPrefix} regions={regions} />;
  const check = await runSearch(ctx, query, districts);
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
