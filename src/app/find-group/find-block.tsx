// The find-location block with the search's answer: the form keeps the searched values and
// shows the spec's messages next to its fields; the outcome follows it.
import type { BlockContext } from '../../blocks/block-context';
import { FindLocationForm } from '../../blocks/find-location-form';
import { runSearch, searchQuery, SearchOutcome } from './search-outcome';

export async function FindGroup({ ctx, submitLabel, idPrefix }: { ctx: BlockContext; submitLabel?: string | null; idPrefix: string }) {
  const query = searchQuery(ctx);
  if (!query) return <FindLocationForm ctx={ctx} submitLabel={submitLabel} idPrefix={idPrefix} />;
  const check = await runSearch(ctx, query);
  return (
    <>
      {check.kind === 'invalid' && check.summary ? (
        <p className="form-message" role="alert">
          {check.summary}
        </p>
      ) : null}
      <FindLocationForm ctx={ctx} submitLabel={submitLabel} idPrefix={idPrefix} values={query} errors={check.kind === 'invalid' ? check.errors : undefined} />
      {check.kind === 'answer' ? <SearchOutcome ctx={ctx} answer={check.answer} /> : null}
    </>
  );
}
