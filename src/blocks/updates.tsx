import type { BlogPost, Event } from '../content/model';
import { blogCategoriesOf } from '../content/model/blog-post';
import { today } from '../forms/dates';
import { BlockHeading } from './block-heading';
import type { BlockProps } from './block-props';
import { BlockShell } from './block-shell';
import { BlogCard } from './blog-card';
import { ButtonLink } from './button-link';
import { EventCard } from './entry-cards';
import { loadRelated } from './load-related';

/** The newest blog posts and, when asked, the next event (a past event is not "coming"). */
export async function UpdatesBlock({ block, ctx }: BlockProps<'blocks.updates'>) {
  const categories = blogCategoriesOf(block.categories);
  const [posts, events] = await Promise.all([
    loadRelated(ctx, block, () =>
      ctx.services.content.list('blog-posts', {
        locale: ctx.locale,
        filters: categories.length > 0 ? { category: { $in: categories } } : {},
        sort: ['publishedDate:desc', 'title:asc'],
        pageSize: block.limit ?? 3,
      }),
    ),
    block.showEvent
      ? loadRelated(ctx, block, () =>
          // Asked by the day, not the millisecond: one cached answer a day (a query per visit
          // otherwise, and none to fall back on when the content service is down); the exact
          // "not started yet" is decided here.
          ctx.services.content.list('events', { locale: ctx.locale, filters: { startsAt: { $gte: `${today()}T00:00:00.000Z` } }, sort: ['startsAt:asc'], pageSize: 5 }),
        )
      : null,
  ]);
  if (!posts) return null;
  const now = Date.now();
  const event: Event | undefined = events?.items.find((e) => Date.parse(e.startsAt) >= now);
  const heading = block.title ? 'h3' : 'h2';
  return (
    <BlockShell block={block}>
      <BlockHeading title={block.title} intro={block.intro} ctx={ctx} />
      {event ? (
        <ul className="updates-event" role="list">
          <EventCard record={event} ctx={ctx} heading={heading} />
        </ul>
      ) : null}
      <ul className="card-grid" role="list">
        {posts.items.map((post: BlogPost) => (
          <BlogCard key={post.id} post={post} ctx={ctx} heading={heading} />
        ))}
      </ul>
      {block.link ? (
        <p className="list-more">
          <ButtonLink button={block.link} ctx={ctx} />
        </p>
      ) : null}
    </BlockShell>
  );
}
