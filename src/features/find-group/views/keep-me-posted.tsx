// The keep-me-posted block of a content page (the locations page has one). Its variant comes
// from the content (`prefer-real-life`, `no-location`, `too-young`), or from a link that asks
// for one (`?bijhouden=prefers-real-life`, next to the online group), or from the values kept
// after a post without JavaScript. The search's own outcome carries its keep-me-posted form,
// so on a search the block steps aside (`keepMePostedStepsAside`).
import { SiteForm, type FormBlockTexts } from '../../../blocks/forms/site-form';
import { askedVariant, variantFromContent, type KeepPostedVariant } from '../rules/keep-posted-variant';
import { t } from '../../../i18n/intl';
import type { BlockContext } from '../../../blocks/block-context';

export function KeepMePostedBlock({ ctx, variant, texts }: { ctx: BlockContext; variant?: string | null; texts?: FormBlockTexts }) {
  const kept = ctx.formState?.form === 'keep-me-posted' ? variantFromContent(ctx.formState.values.variant) : null;
  const chosen: KeepPostedVariant = askedVariant(ctx.query) ?? kept ?? variantFromContent(variant) ?? 'no-location';
  return (
    <>
      {chosen === 'prefers-real-life' ? <p>{t(ctx.locale, 'findGroup.keepPosted.prefersRealLifeIntro')}</p> : null}
      <SiteForm form="keep-me-posted" ctx={ctx} about={`keep-me-posted:${chosen}`} schemaOptions={{ variant: chosen }} texts={texts} />
    </>
  );
}
