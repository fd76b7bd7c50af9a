// The model's own module, not its index: the index pulls every schema into the server bundle.
import { blogCategories, blogCategoriesOf } from '../content/model/blog-post';
import { t } from '../i18n/intl';
import type { BlockProps } from './block-props';
import { BlockShell } from './block-shell';
import { CATEGORY_PARAM, PAGE_PARAM, categoryFromQuery, hrefWith } from './list-query';

/**
 * Category chips above the blog list. Each is a link to the page's own address with
 * `?categorie=`, so filtering works without JavaScript; choosing one starts at page 1.
 */
export function BlogFilterBarBlock({ block, ctx }: BlockProps<'blocks.blog-filter-bar'>) {
  const current = categoryFromQuery(ctx.query);
  const chosen = blogCategoriesOf(block.categories);
  const categories = chosen.length > 0 ? chosen : blogCategories;
  const chips = [
    { key: 'all', label: block.allLabel ?? t(ctx.locale, 'blocks.filter.all'), value: null },
    ...categories.map((c) => ({ key: c, label: t(ctx.locale, `blocks.category.${c}`), value: c })),
  ];
  return (
    <BlockShell block={block}>
      <nav aria-label={t(ctx.locale, 'blocks.filter.label')}>
        <ul className="chips" role="list">
          {chips.map((chip) => (
            <li key={chip.key}>
              <a className="chip" href={hrefWith(ctx, { [CATEGORY_PARAM]: chip.value, [PAGE_PARAM]: null })} aria-current={chip.value === current ? 'page' : undefined}>
                {chip.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </BlockShell>
  );
}
