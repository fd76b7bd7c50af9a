import { formAction } from '../../routing/endpoints';
import { formPage } from '../../routing/form-return';
import type { BlockContext } from '../block-context';
import { fieldsFor, formDefinition } from '../../forms/catalogue/index';
import { localePath } from '../../i18n/locale';
import type { SchemaOptions } from '../../forms/definitions/types';
import { stepsOf } from '../../forms/steps';
import { FormView } from './form-view.client';

/** A form of the site where a page or block wants it: its fields, its state after a post
 * without JavaScript (errors and values), or its success state (`?verzonden={form}`). */
/** What the content's form block says: its button, and its title and text once sent. */
export type FormBlockTexts = { submitLabel?: string | null; successTitle?: string | null; successBody?: string | null };

export function SiteForm({ form, ctx, about, schemaOptions, texts }: { form: string; ctx: BlockContext; about?: string; schemaOptions?: SchemaOptions; texts?: FormBlockTexts }) {
  const definition = formDefinition(form);
  if (!definition || fieldsFor(definition).length === 0) return null;
  const fields = fieldsFor(definition, about);
  const state = ctx.formState?.form === form ? ctx.formState : undefined;
  // Back to this page as it is now (a search's outcome holds its own keep-me-posted form).
  const page = formPage(localePath(ctx.locale, ctx.pathname), ctx.query);
  const sent = ctx.query.verzonden === form;
  const anchor = `formulier-${form}`;
  return (
    // Sent: the thank-you takes the anchor. Back after a post without JavaScript the element that
    // answers takes a landing id of its own (form-landing.ts); links to the form still land here.
    <div className="site-form-wrap" id={sent ? undefined : anchor}>
      <FormView
        form={form}
        locale={ctx.locale}
        action={formAction(form)}
        page={page}
        fields={fields}
        stamp={state?.stamp ?? ctx.services.forms.stamp()}
        captcha={ctx.services.forms.captcha}
        sent={sent}
        anchor={anchor}
        initial={state ? { values: state.values, errors: state.errors, formErrors: state.formErrors, step: state.step } : undefined}
        about={about}
        steps={stepsOf(definition)}
        stepTitles={definition.steps?.map((step) => step.title[ctx.locale])}
        schemaOptions={schemaOptions}
        submitLabel={texts?.submitLabel ?? undefined}
        success={texts?.successTitle || texts?.successBody ? { title: texts.successTitle ?? undefined, body: texts.successBody ?? undefined } : undefined}
      />
    </div>
  );
}
