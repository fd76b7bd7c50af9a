// The sign-up page (row `aanmelden`, `locatie={slug}` or `locatie=online`): which group, when it
// meets and for which ages, then the form in two steps (about you, then contact and consent).
// The browser checks the date of birth against the group's ages as you type; the group
// travels in the form's hidden context and the server looks its age range up again. After a
// post without JavaScript (a step, or a failed submit), the group comes back from the kept
// values.
import { pathTo } from '../../../routing/path-to';
import { SiteForm, type FormBlockTexts } from '../../../blocks/forms/site-form';
import { groupLabels, groupSummary } from '../../../blocks/group-summary';
import { findGroup, groupSlug } from '../rules/groups';
import { t } from '../../../i18n/intl';
import type { BlockContext } from '../../../blocks/block-context';
import { GroupFacts } from '../../../blocks/group-card';

/** `heading`: the level of the group's heading, one below the block's title (h3), or h2 when the
 * block has no title of its own: never a level skipped after the page's h1. */
export async function SignUp({ ctx, texts, heading: Heading }: { ctx: BlockContext; texts?: FormBlockTexts; heading: 'h2' | 'h3' }) {
  const l = ctx.locale;
  if (ctx.query.verzonden === 'sign-up') return <SiteForm form="sign-up" ctx={ctx} texts={texts} />;
  const kept = ctx.formState?.form === 'sign-up' ? ctx.formState.values.location : undefined;
  const slug = groupSlug(typeof ctx.query.locatie === 'string' ? ctx.query.locatie : kept);
  const group = slug ? await findGroup(ctx.services.content, slug, l).catch(() => null) : null;
  if (!group) {
    return (
      <div className="signup-nogroup">
        <p>{t(l, 'findGroup.signUp.noGroup')}</p>
        <p className="find-group-actions">
          <a className="button button-primary" href={pathTo('locaties', l)}>
            {t(l, 'findGroup.signUp.find')}
          </a>
          <a className="button button-secondary" href={pathTo('aanmelden', l, undefined, { locatie: 'online' })}>
            {t(l, 'findGroup.online.join')}
          </a>
        </p>
      </div>
    );
  }
  const online = group.mode === 'online';
  const summary = groupSummary(group, l);
  return (
    <>
      <div className="signup-group">
        <Heading>{t(l, 'findGroup.signUp.title', { name: group.name })}</Heading>
        <GroupFacts group={{ ...summary, where: summary.where || t(l, 'findGroup.online') }} labels={groupLabels(l)} />
        {online ? <p>{t(l, 'findGroup.signUp.onlineText')}</p> : null}
        <p>
          <a href={pathTo('locaties', l)}>{t(l, 'findGroup.signUp.other')}</a>
        </p>
      </div>
      <SiteForm form="sign-up" ctx={ctx} about={`group:${slug}`} schemaOptions={{ location: slug, minAge: group.minAge, maxAge: group.maxAge }} texts={texts} />
    </>
  );
}
