import { pathTo } from '../../routing/path-to';
import type { ReactNode } from 'react';
import type { BlogPost } from '../../content/model';
import type { PageRoute } from '../../routing/route-types';
import { formatDate, t } from '../../i18n/intl';
import { Icon } from '../../icons/icon';
import { RichText } from '../../blocks/rich-text';
import type { Services } from '../../routing/services';
import { DetailBody, DetailHeader, RelatedBand } from '../../blocks/detail-parts';
import { BlogCard } from '../../blocks/blog-card';
import { MediaImage } from '../../blocks/media-image';
import { blogPostingLd } from './seo/json-ld';
import { shareImage } from './seo/page-seo';
import { backLink } from './seo/urls';

type Data = { post: BlogPost; related: BlogPost[] };
const RELATED_COUNT = 3;

/** /blog/:slug: one post with its category, date, author, cover and body, then related posts. */
export const blogPostRoute: PageRoute<Data, Services, ReactNode> = {
  layout: 'default',
  async load({ services, params, locale }) {
    const post = await services.content.entry('blog-posts', params.slug ?? '', locale);
    if (!post) return { kind: 'not-found' };
    const { items } = await services.content.list('blog-posts', {
      locale,
      filters: { category: { $eq: post.category }, slug: { $ne: post.slug } },
      sort: ['publishedDate:desc'],
      pageSize: RELATED_COUNT,
    });
    return { kind: 'ok', data: { post, related: items } };
  },
  title: ({ post }) => post.seo?.metaTitle || post.title,
  seo: ({ post }, ctx) => ({
    description: post.seo?.metaDescription || post.excerpt,
    image: shareImage(post.seo?.shareImage ?? post.cover),
    type: 'article',
    noIndex: post.seo?.noIndex ?? false,
    jsonLd: [blogPostingLd(post, ctx.services.publicConfig.publicOrigin, ctx.fullPath, ctx.locale)],
  }),
  page: ({ post, related }, { locale, pathname, query, services }) => {
    const date = post.publishedDate ?? post.publishedAt;
    return (
      <article className="detail detail-blog">
        <DetailHeader
          back={backLink(locale, pathTo('blog', 'nl'), t(locale, 'pages.back.blog'), t(locale, 'pages.back.home'))}
          eyebrow={<a className="badge detail-category" href={pathTo('blog', 'nl', undefined, { categorie: post.category })}>{t(locale, `pages.category.${post.category}`)}</a>}
          title={post.title}
          lead={post.excerpt}
          meta={
            <>
              {date ? (
                <span className="meta-item">
                  <Icon name="calendar" size={18} />
                  <time dateTime={date}>{formatDate(locale, date)}</time>
                </span>
              ) : null}
              {post.author ? (
                <span className="meta-item">
                  <Icon name="user" size={18} />
                  {t(locale, 'pages.blog.by', { author: post.author })}
                </span>
              ) : null}
            </>
          }
        />
        <DetailBody>
          <MediaImage media={post.cover} slot="cover" className="detail-cover" priority />
          {post.videoUrl ? (
            <p>
              <a className="button button-primary" href={post.videoUrl} target="_blank" rel="noopener noreferrer">
                <Icon name="play" size={20} />
                {t(locale, 'pages.blog.watch')}
                <span className="visually-hidden"> {t(locale, 'pages.blog.newTab')}</span>
              </a>
            </p>
          ) : null}
          <RichText markdown={post.body} origin={services.publicConfig.publicOrigin} className="detail-text" />
        </DetailBody>
        {related.length > 0 ? (
          <RelatedBand title={t(locale, 'pages.blog.related')}>
            {related.map((p) => (
              <BlogCard key={p.slug} post={p} heading="h3" ctx={{ locale, pathname, query, services }} />
            ))}
          </RelatedBand>
        ) : null}
      </article>
    );
  },
};
