import type { BlockContext } from '../../blocks/block-context';
import { localePath } from '../../i18n/locale';
import { fieldsFor, FORM_STEP_TITLES } from './field-specs';
import type { SchemaOptions } from './schemas-by-form';
import { FormView } from './form-view.client';

/** A form of the site where a page or block wants it: its fields, its state after a post
 * without JavaScript (errors and values), or its success state (`?verzonden={form}`). */
/** What the content's form block says: its button, and its title and text once sent. */
export type FormBlockTexts = { submitLabel?: string | null; successTitle?: string | null; successBody?: string | null };

export function SiteForm({ form, ctx, about, schemaOptions, texts }: { form: string; ctx: BlockContext; about?: string; schemaOptions?: SchemaOptions; texts?: FormBlockTexts }) {
  const fields = fieldsFor(form, about);
  if (!fields) return null;
  const state = ctx.formState?.form === form ? ctx.formState : undefined;
  const page = localePath(ctx.locale, ctx.pathname);
  return (
    <div className="site-form-wrap" id={`formulier-${form}`}>
      <FormView
        form={form}
        locale={ctx.locale}
        action={`/forms/${form}`}
        page={page}
        fields={fields}
        stamp={ctx.services.forms.stamp()}
        captcha={ctx.services.forms.captcha}
        sent={ctx.query.verzonden === form}
        initial={state ? { values: state.values, errors: state.errors, formErrors: state.formErrors, step: state.step } : undefined}
        about={about}
        stepTitles={FORM_STEP_TITLES[form]?.map((title) => title[ctx.locale])}
        schemaOptions={schemaOptions}
        submitLabel={texts?.submitLabel ?? undefined}
        success={texts?.successTitle || texts?.successBody ? { title: texts.successTitle ?? undefined, body: texts.successBody ?? undefined } : undefined}
      />
    </div>
  );
}
