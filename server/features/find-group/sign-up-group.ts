// A sign-up's group, looked up in content (`group:{slug}` in the hidden context, else the
// posted `location`): its slug and age range fix what the form accepts.
import type { SiteContent } from '../../../src/content/site-content';
import { ONLINE_MAX_AGE, ONLINE_MIN_AGE, PARTICIPANT_MAX_AGE, PARTICIPANT_MIN_AGE } from '../../../src/forms/age-limits';
import { ONLINE_GROUP } from '../../../src/features/find-group/forms/sign-up';
import { findGroup, groupFromContext } from '../../../src/features/find-group/rules/groups';
import { NO_GROUP, type GroupResolver } from '../../forms/form-context';

export function signUpGroups(content: SiteContent | undefined): GroupResolver {
  return async (fields, locale) => {
    const slug = groupFromContext(fields.context) || groupFromContext(`group:${fields.location ?? ''}`);
    let group: Awaited<ReturnType<typeof findGroup>> = null;
    if (slug && content) {
      try {
        group = await findGroup(content, slug, locale);
      } catch {
        // "Content service down" is not "no such group": keep the visitor's choice, check the
        // age against the limits every group of its kind stays within, and let staff confirm.
        const online = slug === ONLINE_GROUP;
        const minAge = online ? ONLINE_MIN_AGE : PARTICIPANT_MIN_AGE;
        const maxAge = online ? ONLINE_MAX_AGE : PARTICIPANT_MAX_AGE;
        return { fields: { location: slug }, options: { location: slug, minAge, maxAge }, unverified: true };
      }
    }
    if (!group) return NO_GROUP;
    return { fields: { location: slug }, options: { location: slug, minAge: group.minAge, maxAge: group.maxAge } };
  };
}
