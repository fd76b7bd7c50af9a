// The keep-me-posted block of a content page (the locations page has one). Its variant comes
// from the content (`prefer-real-life`, `no-location`, `too-young`), or from a link that asks
// for one (`?bijhouden=prefers-real-life`, next to the online group), or from the values kept
// after a post without JavaScript. The search's own outcome carries its keep-me-posted form,
// so on a search the block steps aside (one such form per page: unique ids).
import type { BlockContext } from '../../blocks/block-context';
import { t } from '../../i18n/intl';
import { SiteForm, type FormBlockTexts } from '../forms/site-form';
import { askedVariant, searchQuery } from './search';

type Variant = 'no-location' | 'too-young' | 'prefers-real-life';
const fromContent = (v: string | null | undefined): Variant | null =>
  v === 'prefer-real-life' || v === 'prefers-real-life' ? 'prefers-real-life' : v === 'no-location' || v === 'too-young' ? v : null;

/** True when a search's outcome on this page shows keep-me-posted itself. */
export function keepMePostedStepsAside(ctx: BlockContext): boolean {
  return searchQuery(ctx) !== null && askedVariant(ctx) === null;
}

export function KeepMePostedBlock({ ctx, variant, texts }: { ctx: BlockContext; variant?: string | null; texts?: FormBlockTexts }) {
  const kept = ctx.formState?.form === 'keep-me-posted' ? fromContent(ctx.formState.values.variant) : null;
  const chosen: Variant = askedVariant(ctx) ?? kept ?? fromContent(variant) ?? 'no-location';
  return (
    <>
      {chosen === 'prefers-real-life' && ctx.query.verzonden !== 'keep-me-posted' ? <p>{t(ctx.locale, 'findGroup.keepPosted.prefersRealLifeIntro')}</p> : null}
      <SiteForm form="keep-me-posted" ctx={ctx} about={`keep-me-posted:${chosen}`} schemaOptions={{ variant: chosen }} texts={texts} />
    </>
  );
}
