import type { BlockProps } from './block-props';
import { BlockShell } from './block-shell';
import { listBefore, listRequest } from './list-query';
import { pageParam } from './list-pages';
import { loadRelated } from './load-related';
import { PageLinks } from './page-links';

/** Page links for the collection list above (`?pagina=`): plain links, so no JS is needed. */
export async function PaginationBlock({ block, ctx, index, blocks }: BlockProps<'blocks.pagination'>) {
  const list = listBefore(blocks, index);
  if (!list) return null;
  const request = listRequest(list.block, ctx, blocks, list.index);
  const result = await loadRelated(ctx, block, () => ctx.services.content.list(list.block.collection, request));
  if (!result || result.pagination.pageCount <= 1) return null;
  return (
    <BlockShell block={block}>
      <PageLinks ctx={ctx} page={result.pagination.page} pageCount={result.pagination.pageCount} param={pageParam(blocks, list.index)} fragment={list.block.anchor ?? undefined} />
    </BlockShell>
  );
}
