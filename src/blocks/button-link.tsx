import type { Button } from '../content/model';
import { t } from '../i18n/intl';
import { Icon } from '../icons/icon';
import type { BlockContext } from './block-context';
import { isExternalHref } from './markdown';

/** Whether a link leaves the site: the editor's new-tab choice, or an address on another host. */
export function opensNewTab(url: string, ctx: BlockContext, newTab?: boolean | null): boolean {
  return Boolean(newTab) || isExternalHref(url, hostOf(ctx.services.publicConfig.publicOrigin));
}

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host.toLowerCase();
  } catch {
    return null;
  }
}

/** Attributes for a link that opens a new tab: without access to this page (`noopener`). */
export const NEW_TAB = { target: '_blank', rel: 'noopener noreferrer' } as const;

/**
 * A content button. Internal paths are plain links (the client router takes them over);
 * external ones open a new tab, show the external-link icon and say so to screen readers.
 */
export function ButtonLink({ button, ctx, className }: { button: Button; ctx: BlockContext; className?: string }) {
  const external = opensNewTab(button.url, ctx, button.newTab);
  const variant = button.variant ?? 'primary';
  const classes = variant === 'link' ? 'text-link' : `button button-${variant}`;
  const trailingArrow = variant === 'link' && !external && !button.icon;
  return (
    <a href={button.url} className={className ? `${classes} ${className}` : classes} {...(external ? NEW_TAB : {})}>
      {button.icon && button.icon !== 'arrow-right' ? <Icon name={button.icon} size={20} /> : null}
      <span>{button.label}</span>
      {button.icon === 'arrow-right' || trailingArrow ? <Icon name="arrow-right" size={20} className="icon-trailing" /> : null}
      {external ? <NewTabHint ctx={ctx} /> : null}
    </a>
  );
}

export function NewTabHint({ ctx }: { ctx: BlockContext }) {
  return (
    <>
      <Icon name="external-link" size={16} className="icon-external" />
      <span className="visually-hidden"> {t(ctx.locale, 'blocks.newTab')}</span>
    </>
  );
}

/** A row of buttons; renders nothing when there are none. */
export function ButtonRow({ buttons, ctx, className }: { buttons: readonly Button[] | null | undefined; ctx: BlockContext; className?: string }) {
  if (!buttons || buttons.length === 0) return null;
  return (
    <div className={className ? `button-row ${className}` : 'button-row'}>
      {buttons.map((button, i) => (
        <ButtonLink key={button.id ?? i} button={button} ctx={ctx} />
      ))}
    </div>
  );
}
