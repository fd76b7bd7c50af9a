import { t } from '../i18n/intl';
import type { BlockProps } from './block-props';
import { BlockShell } from './block-shell';
import { NEW_TAB, NewTabHint } from './button-link';
import { MediaImage } from './media-image';
import { RichText } from './rich-text';
import { FitWords } from './fit-words';

/** One partner in the spotlight: logo, a quote, what the partnership does. */
export function PartnerItemBlock({ block, ctx }: BlockProps<'blocks.partner-item'>) {
  const partner = block.partner;
  if (!partner) return null;
  const origin = ctx.services.publicConfig.publicOrigin;
  return (
    <BlockShell block={block}>
      <div className="partner-spotlight">
        <div className="partner-logo-wrap">
          <MediaImage media={partner.logo} slot="logo" className="partner-logo" alt="" />
        </div>
        <div className="partner-text">
          <h2 className="block-title"><FitWords text={partner.name} /></h2>
          {block.quote ? (
            <figure className="quote">
              <blockquote>
                <p>{block.quote}</p>
              </blockquote>
              {block.quoteAuthor ? <figcaption>{block.quoteAuthor}</figcaption> : null}
            </figure>
          ) : null}
          <RichText markdown={block.body ?? partner.description} origin={origin} />
          {partner.url ? (
            <a className="text-link" href={partner.url} {...NEW_TAB}>
              <span>{t(ctx.locale, 'blocks.partner.visit', { name: partner.name })}</span>
              <NewTabHint ctx={ctx} />
            </a>
          ) : null}
        </div>
      </div>
    </BlockShell>
  );
}
