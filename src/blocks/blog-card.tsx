import { pathTo } from '../routing/path-to';
import type { BlogPost } from '../content/model';
import { formatDate, t } from '../i18n/intl';
import { Icon } from '../icons/icon';
import type { BlockContext } from './block-context';
import { CardMeta, CardTitle, type CardHeadingLevel } from './card-parts';
import { MediaImage } from './media-image';

export function BlogCard({ post, ctx, heading }: { post: BlogPost; ctx: BlockContext; heading: CardHeadingLevel }) {
  return (
    <li className={`card card-blog category-${post.category}`}>
      <MediaImage media={post.cover} slot="card" className="card-image" alt="" />
      <div className="card-body">
        <CardMeta>
          <span className="badge">{t(ctx.locale, `blocks.category.${post.category}`)}</span>
          {post.publishedDate ? <time dateTime={post.publishedDate}>{formatDate(ctx.locale, post.publishedDate)}</time> : null}
        </CardMeta>
        <CardTitle as={heading} href={pathTo('blog-slug', 'nl', { slug: post.slug })}>
          {post.title}
        </CardTitle>
        {post.excerpt ? <p className="card-text">{post.excerpt}</p> : null}
        {post.category === 'vlog' ? (
          <p className="card-more" aria-hidden="true">
            <Icon name="play" size={18} /> {t(ctx.locale, 'blocks.blog.watch')}
          </p>
        ) : null}
      </div>
    </li>
  );
}
