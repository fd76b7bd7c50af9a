import { t } from '../i18n/intl';
import { Icon } from '../icons/icon';
import type { BlockContext } from './block-context';
import { hrefWith } from './list-query';
import { PAGE_PARAM, pageLinks } from './list-pages';

/** Links to the pages of a list (`?pagina=` or the list's own parameter): plain links, so no
 * JavaScript is needed; `fragment`: where on the page a link lands (the list's own block). */
export function PageLinks({ ctx, page, pageCount, param = PAGE_PARAM, fragment }: { ctx: BlockContext; page: number; pageCount: number; param?: string; fragment?: string }) {
  if (pageCount <= 1) return null;
  const href = (n: number) => hrefWith(ctx, { [param]: n === 1 ? null : String(n) }) + (fragment ? `#${fragment}` : '');
  return (
    <nav className="pagination" aria-label={t(ctx.locale, 'blocks.pagination.label')}>
      {page > 1 ? (
        <a className="pagination-step" href={href(page - 1)} rel="prev">
          <Icon name="chevron-left" size={20} />
          <span>{t(ctx.locale, 'blocks.pagination.previous')}</span>
        </a>
      ) : null}
      <ul className="pagination-pages" role="list">
        {pageLinks(page, pageCount).map((n, i) =>
          n === 'gap' ? (
            <li key={`gap-${i}`} className="pagination-gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              <a className="pagination-page" href={href(n)} aria-current={n === page ? 'page' : undefined} aria-label={t(ctx.locale, 'blocks.pagination.page', { page: n })}>
                {n}
              </a>
            </li>
          ),
        )}
      </ul>
      {page < pageCount ? (
        <a className="pagination-step" href={href(page + 1)} rel="next">
          <span>{t(ctx.locale, 'blocks.pagination.next')}</span>
          <Icon name="chevron-right" size={20} />
        </a>
      ) : null}
    </nav>
  );
}
