// The answer to the find-a-group search, rendered on the server at the top of the locations
// page (row `locaties`) from its `age` and `postcode` parameters: a shareable URL that works without
// JavaScript; with JavaScript the client router fetches the same page without a reload.
import { SEARCH_OUTCOME_ID } from './search-outcome-id';
import { pathTo } from '../../../routing/path-to';
import { SiteForm } from '../../../blocks/forms/site-form';
import type { Location } from '../../../content/model';
import type { SearchAnswer } from '../../../content/q42-search';
import { onlineGroup } from '../rules/groups';
import { askedVariant, type KeepPostedVariant } from '../rules/keep-posted-variant';
import { searchQuery } from '../rules/search';
import { formatList, t } from '../../../i18n/intl';
import type { BlockContext } from '../../../blocks/block-context';
import { GroupList } from './group-list';
import { nearestFirst, SEARCH_GROUPS_SHOWN } from '../../../content/nearest-groups';

/** Where the listed groups meet, each place once in the order listed: what the heading names
 * (a search from Zaltbommel may list only groups in Tiel and Culemborg). */
export function placesOf(answer: SearchAnswer<Location>, listed: readonly Location[] = answer.locations): string[] {
  const places = listed.map((l) => l.city ?? l.municipality ?? '').filter(Boolean);
  return places.length > 0 ? [...new Set(places)] : [answer.municipality ?? ''];
}

/** The nearest few of the answer's groups, and the link to the region's page for all of them. */
function NearestGroups({ ctx, answer, listed }: { ctx: BlockContext; answer: SearchAnswer<Location>; listed: Location[] }) {
  const l = ctx.locale;
  const more = answer.locations.length - listed.length;
  return (
    <>
      <GroupList ctx={ctx} locations={listed} />
      {more > 0 && answer.district ? (
        <p className="find-more">
          <a href={pathTo('regio-slug', l, { slug: answer.district.slug })}>{t(l, 'findGroup.found.more', { count: answer.locations.length, district: answer.district.name })}</a>
        </p>
      ) : null}
    </>
  );
}

/** The outcome panel: found, not found, too old or too young. */
export async function SearchOutcome({ ctx, answer }: { ctx: BlockContext; answer: SearchAnswer<Location> }) {
  const l = ctx.locale;
  const online = answer.onlineEligible ? await onlineGroup(ctx.services.content, l) : null;
  // "Rather in real life?" next to the online group asks for this search's own keep-me-posted form
  // in that variant, the values typed for the search kept.
  const prefersRealLife = online !== null && askedVariant(ctx.query) === 'prefers-real-life';
  const listed = nearestFirst(answer.locations, { municipality: answer.municipality, postcode: answer.zipcode }).slice(0, SEARCH_GROUPS_SHOWN);
  return (
    <section className={`find-outcome find-outcome-${answer.status}`} aria-labelledby="find-outcome-title" id={SEARCH_OUTCOME_ID}>
      {answer.status === 'found' ? (
        <>
          <h2 id="find-outcome-title" tabIndex={-1}>
            {t(l, 'findGroup.found.title', { municipality: formatList(l, placesOf(answer, listed)) })}
          </h2>
          <p>
            {answer.locations.some((g) => g.municipality === answer.municipality)
              ? t(l, 'findGroup.found.intro', { age: answer.age, postcode: answer.zipcode })
              : t(l, 'findGroup.found.nearby', { age: answer.age, municipality: answer.municipality ?? '', district: answer.district?.name ?? '' })}
          </p>
          <NearestGroups ctx={ctx} answer={answer} listed={listed} />
        </>
      ) : answer.status === 'not-found' ? (
        <>
          <h2 id="find-outcome-title" tabIndex={-1}>
            {t(l, 'findGroup.notFound.title')}
          </h2>
          <p>
            {answer.reason === 'no-location-for-age'
              ? t(l, 'findGroup.notFound.forAge', { age: answer.age, municipality: answer.municipality ?? '', district: answer.district?.name ?? '' })
              : t(l, 'findGroup.notFound.noDistrict', { postcode: answer.zipcode })}
          </p>
          <div className="find-options">
            <div className="find-option">
              <h3>{t(l, 'findGroup.keepPosted.title')}</h3>
              <p>{t(l, prefersRealLife ? 'findGroup.keepPosted.prefersRealLifeIntro' : 'findGroup.keepPosted.noLocation')}</p>
              <KeepMePosted ctx={ctx} variant={prefersRealLife ? 'prefers-real-life' : 'no-location'} answer={answer} />
            </div>
            {online ? <OnlineOption ctx={ctx} online={online} prefersRealLife={prefersRealLife} /> : null}
            <div className="find-option">
              <h3>{t(l, 'findGroup.region.title')}</h3>
              {answer.district && answer.locations.length > 0 ? (
                <>
                  <p>{t(l, 'findGroup.region.groups', { district: answer.district.name })}</p>
                  <GroupList ctx={ctx} locations={listed} />
                </>
              ) : (
                <p>{t(l, 'findGroup.region.map')}</p>
              )}
              {answer.district ? (
                <a className="button button-secondary" href={pathTo('regio-slug', l, { slug: answer.district.slug })}>
                  {t(l, 'findGroup.region.page', { district: answer.district.name })}
                </a>
              ) : (
                <a className="button button-secondary" href={pathTo('locaties', l)}>
                  {t(l, 'findGroup.region.link')}
                </a>
              )}
            </div>
          </div>
        </>
      ) : answer.status === 'too-old' ? (
        <>
          <h2 id="find-outcome-title" tabIndex={-1}>
            {t(l, 'findGroup.tooOld.title')}
          </h2>
          <p>{t(l, 'findGroup.tooOld.text', { age: answer.age })}</p>
          <ul className="find-help">
            <li>
              <a href={pathTo('contact', l)}>{t(l, 'findGroup.tooOld.contact')}</a>
            </li>
            <li>
              <a href="https://www.eentegeneenzaamheid.nl" rel="noopener noreferrer">
                {t(l, 'findGroup.tooOld.community')}
              </a>
            </li>
            <li>
              <a href="https://www.113.nl" rel="noopener noreferrer">
                {t(l, 'findGroup.tooOld.help')}
              </a>
            </li>
          </ul>
        </>
      ) : (
        <>
          <h2 id="find-outcome-title" tabIndex={-1}>
            {t(l, 'findGroup.tooYoung.title')}
          </h2>
          <p>{t(l, 'findGroup.tooYoung.text', { age: answer.age })}</p>
          <a className="button button-primary" href={pathTo('tips', l)}>
            {t(l, 'findGroup.tooYoung.tips')}
          </a>
          <div className="find-option">
            <h3>{t(l, 'findGroup.keepPosted.title')}</h3>
            <p>{t(l, 'findGroup.keepPosted.tooYoung')}</p>
            <KeepMePosted ctx={ctx} variant="too-young" answer={answer} />
          </div>
        </>
      )}
    </section>
  );
}

function OnlineOption({ ctx, prefersRealLife }: { ctx: BlockContext; online: Location; prefersRealLife: boolean }) {
  const l = ctx.locale;
  const search = searchQuery(ctx.query);
  // The same search, asking for the keep-me-posted form above in its "in real life" variant.
  const realLife = { ...(search ? { age: search.age, postcode: search.postcode, ...(search.municipality ? { municipality: search.municipality } : {}) } : {}), bijhouden: 'prefers-real-life' };
  return (
    <div className="find-option">
      <h3>{t(l, 'findGroup.online.title')}</h3>
      <p>{t(l, 'findGroup.online.text')}</p>
      <a className="button button-primary" href={pathTo('aanmelden', l, undefined, { locatie: 'online' })}>
        {t(l, 'findGroup.online.join')}
      </a>
      {prefersRealLife ? null : (
        <p>
          <a href={`${pathTo('locaties', l, undefined, realLife)}#formulier-keep-me-posted`}>{t(l, 'findGroup.keepPosted.prefersRealLife')}</a>
        </p>
      )}
    </div>
  );
}

/** Keep-me-posted for one variant, the postcode (and age) of the search filled in. */
function KeepMePosted({ ctx, variant, answer }: { ctx: BlockContext; variant: KeepPostedVariant; answer: SearchAnswer<Location> | null }) {
  const query = searchQuery(ctx.query);
  // What the visitor typed for the search, so nothing is asked twice.
  const values: Record<string, string> = { postcode: query?.postcode ?? '' };
  if (query) values.age = query.age;
  if (answer?.municipality) values.municipality = answer.municipality;
  const mine = ctx.formState?.form === 'keep-me-posted';
  const inner: BlockContext = mine ? ctx : { ...ctx, formState: { form: 'keep-me-posted', values, errors: {}, formErrors: [] } };
  const l = ctx.locale;
  const texts = { submitLabel: t(l, 'findGroup.keepPosted.submit'), successTitle: t(l, 'findGroup.keepPosted.sentTitle'), successBody: t(l, 'findGroup.keepPosted.sentBody') };
  return <SiteForm form="keep-me-posted" ctx={inner} about={`keep-me-posted:${variant}`} schemaOptions={{ variant }} texts={texts} />;
}
