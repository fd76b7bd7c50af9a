import { t } from '../i18n/intl';
import { Icon } from '../icons/icon';
import type { BlockProps } from './block-props';
import { BlockShell } from './block-shell';
import { PAGE_PARAM, hrefWith, listBefore, listRequest } from './list-query';
import { loadRelated } from './load-related';

/** Page links for the collection list above (`?pagina=`): plain links, so no JS is needed. */
export async function PaginationBlock({ block, ctx, index, blocks }: BlockProps<'blocks.pagination'>) {
  const list = listBefore(blocks, index);
  if (!list) return null;
  const request = listRequest(list.block, ctx, blocks, list.index);
  const result = await loadRelated(ctx, block, () => ctx.services.content.list(list.block.collection, request));
  if (!result || result.pagination.pageCount <= 1) return null;
  const { page, pageCount } = result.pagination;
  const href = (n: number) => hrefWith(ctx, { [PAGE_PARAM]: n === 1 ? null : String(n) });
  const pages = Array.from({ length: pageCount }, (_, i) => i + 1);
  return (
    <BlockShell block={block}>
      <nav className="pagination" aria-label={t(ctx.locale, 'blocks.pagination.label')}>
        {page > 1 ? (
          <a className="pagination-step" href={href(page - 1)} rel="prev">
            <Icon name="chevron-left" size={20} />
            <span>{t(ctx.locale, 'blocks.pagination.previous')}</span>
          </a>
        ) : null}
        <ul className="pagination-pages" role="list">
          {pages.map((n) => (
            <li key={n}>
              <a
                className="pagination-page"
                href={href(n)}
                aria-current={n === page ? 'page' : undefined}
                aria-label={t(ctx.locale, 'blocks.pagination.page', { page: n })}
              >
                {n}
              </a>
            </li>
          ))}
        </ul>
        {page < pageCount ? (
          <a className="pagination-step" href={href(page + 1)} rel="next">
            <span>{t(ctx.locale, 'blocks.pagination.next')}</span>
            <Icon name="chevron-right" size={20} />
          </a>
        ) : null}
      </nav>
    </BlockShell>
  );
}
