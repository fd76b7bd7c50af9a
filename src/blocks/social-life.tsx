import type { SocialLinks } from '../content/model';
import { t } from '../i18n/intl';
import { BrandIcon, brandNames, brandTitles } from '../icons/brand-icon';
import type { BlockContext } from './block-context';
import type { BlockProps } from './block-props';
import { BlockShell } from './block-shell';
import { NEW_TAB, NewTabHint } from './button-link';
import { loadRelated } from './load-related';
import { MediaImage } from './media-image';
import { RichText } from './rich-text';
import { FitWords } from './fit-words';

/**
 * Life in the groups: pictures of posts on the foundation's social accounts, as plain links
 * (no embeds, so nothing loads from a social network before consent), and the follow links.
 */
export async function SocialLifeBlock({ block, ctx }: BlockProps<'blocks.social-life'>) {
  const socials = block.showSocialLinks ? await loadRelated(ctx, block, async () => (await ctx.services.content.chrome(ctx.locale)).global?.socials) : null;
  return (
    <BlockShell block={block}>
      <header className="block-header social-head">
        <div>
          <h2 className="block-title"><FitWords text={block.title} /></h2>
          <RichText markdown={block.body} origin={ctx.services.publicConfig.publicOrigin} className="block-lead" />
        </div>
        {socials ? <FollowLinks socials={socials} ctx={ctx} /> : null}
      </header>
      {block.posts && block.posts.length > 0 ? (
        <ul className="social-posts" role="list">
          {block.posts.map((post, i) => (
            <li key={post.id ?? i} className="social-post">
              <a href={post.url} {...NEW_TAB}>
                <MediaImage media={post.image} slot="social" className="social-image" />
                <span className="social-caption">
                  <BrandIcon name={post.platform} size={18} />
                  <span>
                    {post.caption ?? brandTitles[post.platform]}
                    <span className="visually-hidden"> ({brandTitles[post.platform]})</span>
                    <NewTabHint ctx={ctx} />
                  </span>
                </span>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </BlockShell>
  );
}

function FollowLinks({ socials, ctx }: { socials: SocialLinks; ctx: BlockContext }) {
  const links = brandNames.flatMap((name) => (socials[name] ? [{ name, url: socials[name] }] : []));
  if (links.length === 0) return null;
  return (
    <div className="follow">
      <p className="follow-label">{t(ctx.locale, 'blocks.social.follow')}</p>
      <ul className="follow-links" role="list">
        {links.map(({ name, url }) => (
          <li key={name}>
            <a className="follow-link" href={url} {...NEW_TAB} aria-label={`${t(ctx.locale, 'blocks.social.on', { platform: brandTitles[name] })} ${t(ctx.locale, 'blocks.newTab')}`}>
              <BrandIcon name={name} size={22} />
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
