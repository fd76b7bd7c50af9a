import type { FormName } from '../content/model';
import { t } from '../i18n/intl';
import { Icon } from '../icons/icon';
import type { BlockContext } from './block-context';
import { BlockHeading } from './block-heading';
import type { BlockProps } from './block-props';
import { BlockShell } from './block-shell';
import { FindLocationForm } from './find-location-form';

/** Where a visitor can go until a form is built: the test has its own flow, the rest contact. */
const FALLBACK: Partial<Record<FormName, { href: string; label: string }>> = {
  'loneliness-test': { href: '/doe-de-test/start', label: 'blocks.form.startTest' },
};

/**
 * A form of the site. Find-a-group is a real GET form to the locations page, so the search is
 * reachable everywhere; the other forms (which post, store and deliver) come with the forms
 * work, and until then the block says so plainly and points to the contact page instead of
 * showing fields that would go nowhere.
 */
export function FormBlock({ block, ctx, index }: BlockProps<'blocks.form'>) {
  return (
    <BlockShell block={block} className={`form-${block.form}`}>
      <div className="form-panel">
        <BlockHeading title={block.title} intro={block.intro} ctx={ctx} />
        {block.form === 'find-location' ? (
          <FindLocationForm ctx={ctx} submitLabel={block.submitLabel} idPrefix={`find-${block.id ?? index}`} />
        ) : (
          <FormPending form={block.form} ctx={ctx} />
        )}
      </div>
    </BlockShell>
  );
}

function FormPending({ form, ctx }: { form: FormName; ctx: BlockContext }) {
  const fallback = FALLBACK[form];
  if (fallback) {
    return (
      <a className="button button-primary" href={fallback.href}>
        <span>{t(ctx.locale, fallback.label)}</span>
        <Icon name="arrow-right" size={20} className="icon-trailing" />
      </a>
    );
  }
  return (
    <div className="form-pending">
      <Icon name="info" size={24} className="form-pending-icon" />
      <p>{t(ctx.locale, 'blocks.form.soon')}</p>
      <a className="button button-secondary" href="/contact">
        <Icon name="mail" size={20} />
        <span>{t(ctx.locale, 'blocks.form.contact')}</span>
      </a>
    </div>
  );
}
