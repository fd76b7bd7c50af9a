import { pathTo } from '../routing/path-to';
import type { FormName } from '../content/model';
import { t } from '../i18n/intl';
import type { MessageKey } from '../i18n/messages';
import { Icon } from '../icons/icon';
import type { BlockContext } from '../blocks/block-context';
import { BlockHeading } from '../blocks/block-heading';
import type { BlockProps } from '../blocks/block-props';
import { BlockShell } from '../blocks/block-shell';
import { FORM_FIELDS, formDefinition } from '../forms/catalogue/index';
import type { SchemaOptions } from '../forms/definitions/types';
import { eventContext } from '../forms/event-context';
import { SiteForm } from '../blocks/forms/site-form';
import { DonationFacts } from '../features/donations';
import { FindGroup } from '../features/find-group';
import { keepMePostedStepsAside } from '../features/find-group';
import { KeepMePostedBlock } from '../features/find-group';
import { SignUp } from '../features/find-group';

/** Where a visitor can go until a form is built (a page of the path table): the test has its
 * own flow, the rest contact. */
const FALLBACK: Partial<Record<FormName, { route: 'doe-de-test-start'; label: MessageKey }>> = {
  'loneliness-test': { route: 'doe-de-test-start', label: 'blocks.form.startTest' },
};

/**
 * A form of the site. Find-a-group is a GET form to the locations page; contact, vacancy,
 * course and start-a-location are site forms (stored durably, delivered, mailed); the donation
 * form is one too, sent on to the payment. On an event's page the contact form is the sign-up
 * for the event, closed once it is past. Forms not built yet say so plainly and point to the
 * contact page instead of fields that go nowhere.
 */
export function FormBlock({ block, ctx, index }: BlockProps<'blocks.form'>) {
  if (block.form === 'keep-me-posted' && keepMePostedStepsAside(ctx)) return null;
  if (ctx.event?.past) {
    // A past event takes no sign-ups: no fields that would only be refused.
    return (
      <BlockShell block={block} className={`form-${block.form}`}>
        <div className="form-panel">
          <BlockHeading title={block.title} ctx={ctx} />
          <p className="form-closed" role="status">
            {t(ctx.locale, 'blocks.event.signUpClosed')}
          </p>
        </div>
      </BlockShell>
    );
  }
  return (
    <BlockShell block={block} className={`form-${block.form}`}>
      <div className="form-panel">
        <BlockHeading title={block.title} intro={block.intro} ctx={ctx} />
        {block.form === 'find-location' ? (
          <FindGroup ctx={ctx} submitLabel={block.submitLabel} idPrefix={`find-${block.id ?? index}`} />
        ) : block.form === 'keep-me-posted' ? (
          <KeepMePostedBlock ctx={ctx} variant={block.variant} texts={block} />
        ) : block.form === 'sign-up' ? (
          <SignUp ctx={ctx} texts={block} heading={block.title ? 'h3' : 'h2'} />
        ) : block.form === 'donation' ? (
          <>
            <SiteForm form={block.form} ctx={ctx} texts={block} />
            <DonationFacts ctx={ctx} />
          </>
        ) : FORM_FIELDS[block.form] ? (
          <SiteForm form={block.form} ctx={ctx} texts={block} {...eventSignUp(block.form, ctx)} />
        ) : (
          <FormPending form={block.form} ctx={ctx} />
        )}
      </div>
    </BlockShell>
  );
}

/** On an event's page a form that signs up for events (the contact form) signs up for this
 * one: its hidden context names the event, which the server looks up again; the schema knows
 * it is a sign-up. Any other form there is its usual self. */
function eventSignUp(form: FormName, ctx: BlockContext): { about?: string; schemaOptions?: SchemaOptions } {
  if (!ctx.event || formDefinition(form)?.context?.kind !== 'event') return {};
  return { about: eventContext(ctx.event.slug), schemaOptions: { event: ctx.event.title } };
}

function FormPending({ form, ctx }: { form: FormName; ctx: BlockContext }) {
  const fallback = FALLBACK[form];
  if (fallback) {
    return (
      <a className="button button-primary" href={pathTo(fallback.route, ctx.locale)}>
        <span>{t(ctx.locale, fallback.label)}</span>
        <Icon name="arrow-right" size={20} className="icon-trailing" />
      </a>
    );
  }
  return (
    <div className="form-pending">
      <Icon name="info" size={24} className="form-pending-icon" />
      <p>{t(ctx.locale, 'blocks.form.soon')}</p>
      <a className="button button-secondary" href={pathTo('contact', ctx.locale)}>
        <Icon name="mail" size={20} />
        <span>{t(ctx.locale, 'blocks.form.contact')}</span>
      </a>
    </div>
  );
}
