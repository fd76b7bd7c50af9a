// The answer to the find-a-group search, rendered on the server at the top of the locations
// page from the address (`/locaties?age=..&postcode=..`): a shareable URL that works without
// JavaScript; with JavaScript the client router fetches the same page without a reload.
import type { District, Location } from '../../content/model';
import type { BlockContext } from '../../blocks/block-context';
import { agesText, meetingText } from '../../blocks/format';
import { formatMessage } from '../../forms/messages/index';
import { findLocationSchema } from '../../forms/schemas/find-location';
import { validateForm } from '../../forms/validate';
import type { SearchAnswer } from '../../content/q42-search';
import { t } from '../../i18n/intl';
import { SiteForm } from '../forms/site-form';
import { localePath } from '../pages/seo/urls';

export const KEEP_POSTED_PARAM = 'bijhouden';

/** The keep-me-posted variant a link asked for (`?bijhouden=prefers-real-life`). */
export function askedVariant(ctx: BlockContext): 'no-location' | 'too-young' | 'prefers-real-life' | null {
  const v = ctx.query[KEEP_POSTED_PARAM];
  return v === 'no-location' || v === 'too-young' || v === 'prefers-real-life' ? v : null;
}

export type SearchQuery = { age: string; postcode: string; municipality: string };

/** The searched values, when the address holds a search. */
export function searchQuery(ctx: BlockContext): SearchQuery | null {
  const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
  const age = text(ctx.query.age);
  const postcode = text(ctx.query.postcode);
  if (age === undefined && postcode === undefined) return null;
  return { age: age ?? '', postcode: postcode ?? '', municipality: (text(ctx.query.municipality) ?? '').slice(0, 120) };
}

/** Every municipality with its four-digit postcode areas, by region (the districts). */
export async function regionsOf(ctx: BlockContext): Promise<District[]> {
  const districts = await ctx.services.content.list('districts', { locale: ctx.locale, sort: ['name:asc'], pageSize: 100 });
  return districts.items;
}

export type SearchCheck =
  | { kind: 'invalid'; errors: { age?: string; postcode?: string }; summary?: string }
  | { kind: 'answer'; answer: SearchAnswer<Location> };

/** The form's rules first (the spec's messages), then the search's rules on the content. */
export async function runSearch(ctx: BlockContext, query: SearchQuery, regions: District[]): Promise<SearchCheck> {
  const locale = ctx.locale;
  // A chosen municipality must own the postcode's four digits (the same message as invalid).
  const postcodeAreasOf = (name: string) => regions.flatMap((d) => d.municipalities).find((m) => m.name === name)?.postcodeAreas;
  const input = { age: query.age, postcode: query.postcode, municipality: query.municipality };
  const verdict = validateForm(findLocationSchema(locale, { postcodeAreasOf }), input, locale);
  if (!verdict.ok) {
    const errors: { age?: string; postcode?: string } = {};
    if (verdict.errors.age) errors.age = verdict.errors.age;
    if (verdict.errors.postcode) errors.postcode = verdict.errors.postcode;
    // Too young or too old is the search's answer, not a bad postcode: answer it first.
    const age = Number(query.age);
    const ageOutsideGroups = !errors.age && Number.isInteger(age) && (age < 12 || age > 30);
    if (!ageOutsideGroups) return { kind: 'invalid', errors, summary: verdict.formErrors[0] };
  }
  const answer = await ctx.services.content.search(query.postcode, Number(query.age), locale);
  if (answer.status === 'invalid-postcode') {
    return { kind: 'invalid', errors: { postcode: formatMessage(locale, 'findLocation.postcodeInvalid') } };
  }
  return { kind: 'answer', answer };
}

/** The outcome panel: found, not found, too old or too young. */
export async function SearchOutcome({ ctx, answer }: { ctx: BlockContext; answer: SearchAnswer<Location> }) {
  const l = ctx.locale;
  const online = answer.onlineEligible ? await onlineGroup(ctx) : null;
  return (
    <section className={`find-outcome find-outcome-${answer.status}`} aria-labelledby="find-outcome-title" id="zoekresultaat">
      {answer.status === 'found' ? (
        <>
          <h2 id="find-outcome-title" tabIndex={-1}>
            {t(l, 'findGroup.found.title', { municipality: answer.municipality ?? '' })}
          </h2>
          <p>{t(l, 'findGroup.found.intro', { age: answer.age, postcode: answer.zipcode })}</p>
          <GroupList ctx={ctx} locations={answer.locations} />
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
              <p>{t(l, 'findGroup.keepPosted.noLocation')}</p>
              <KeepMePosted ctx={ctx} variant="no-location" answer={answer} />
            </div>
            {online ? <OnlineOption ctx={ctx} online={online} /> : null}
            <div className="find-option">
              <h3>{t(l, 'findGroup.region.title')}</h3>
              {answer.district && answer.locations.length > 0 ? (
                <>
                  <p>{t(l, 'findGroup.region.groups', { district: answer.district.name })}</p>
                  <GroupList ctx={ctx} locations={answer.locations} />
                </>
              ) : (
                <p>{t(l, 'findGroup.region.map')}</p>
              )}
              {answer.district ? (
                <a className="button button-secondary" href={localePath(l, `/regio/${encodeURIComponent(answer.district.slug)}`)}>
                  {t(l, 'findGroup.region.page', { district: answer.district.name })}
                </a>
              ) : (
                <a className="button button-secondary" href={localePath(l, '/locaties')}>
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
              <a href={localePath(l, '/contact')}>{t(l, 'findGroup.tooOld.contact')}</a>
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
          <a className="button button-primary" href="/tips" hrefLang={l === 'en' ? 'nl' : undefined}>
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

export function GroupList({ ctx, locations }: { ctx: BlockContext; locations: Location[] }) {
  const l = ctx.locale;
  return (
    <ul className="find-groups">
      {locations.map((loc) => (
        <li key={loc.slug} className="find-group">
          <h3 className="find-group-name">{loc.name}</h3>
          <dl className="find-group-facts">
            <dt>{t(l, 'findGroup.when')}</dt>
            <dd>{[meetingText(l, loc), loc.meetingTime].filter(Boolean).join(', ')}</dd>
            <dt>{t(l, 'findGroup.where')}</dt>
            <dd>{[loc.address, loc.city].filter(Boolean).join(', ') || t(l, 'findGroup.online')}</dd>
            <dt>{t(l, 'findGroup.ages')}</dt>
            <dd>{agesText(l, loc)}</dd>
          </dl>
          <p className="find-group-actions">
            <a className="button button-primary" href={localePath(l, `/aanmelden?locatie=${encodeURIComponent(loc.slug)}`)}>
              {t(l, 'findGroup.signUp')}
              <span className="visually-hidden">: {loc.name}</span>
            </a>
            <a className="button button-secondary" href={localePath(l, `/locatie/${encodeURIComponent(loc.slug)}`)}>
              {t(l, 'findGroup.readMore')}
              <span className="visually-hidden">: {loc.name}</span>
            </a>
          </p>
        </li>
      ))}
    </ul>
  );
}

function OnlineOption({ ctx }: { ctx: BlockContext; online: Location }) {
  const l = ctx.locale;
  return (
    <div className="find-option">
      <h3>{t(l, 'findGroup.online.title')}</h3>
      <p>{t(l, 'findGroup.online.text')}</p>
      <a className="button button-primary" href={localePath(l, '/aanmelden?locatie=online')}>
        {t(l, 'findGroup.online.join')}
      </a>
      <p>
        <a href={localePath(l, '/locaties?bijhouden=prefers-real-life#formulier-keep-me-posted')}>{t(l, 'findGroup.keepPosted.prefersRealLife')}</a>
      </p>
    </div>
  );
}

async function onlineGroup(ctx: BlockContext): Promise<Location | null> {
  const all = await ctx.services.content.list('locations', { locale: ctx.locale, sort: ['name:asc'], pageSize: 100 });
  return all.items.find((l) => l.mode === 'online') ?? null;
}

/** Keep-me-posted for one variant, the postcode (and age) of the search filled in. */
function KeepMePosted({ ctx, variant, answer }: { ctx: BlockContext; variant: 'no-location' | 'too-young' | 'prefers-real-life'; answer: SearchAnswer<Location> | null }) {
  const query = searchQuery(ctx);
  const values: Record<string, string> = { postcode: query?.postcode ?? '' };
  if (variant === 'too-young' && query) values.age = query.age;
  if (answer?.municipality) values.municipality = answer.municipality;
  const mine = ctx.formState?.form === 'keep-me-posted';
  const inner: BlockContext = mine ? ctx : { ...ctx, formState: { form: 'keep-me-posted', values, errors: {}, formErrors: [] } };
  const l = ctx.locale;
  const texts = { submitLabel: t(l, 'findGroup.keepPosted.submit'), successTitle: t(l, 'findGroup.keepPosted.sentTitle'), successBody: t(l, 'findGroup.keepPosted.sentBody') };
  return <SiteForm form="keep-me-posted" ctx={inner} about={`keep-me-posted:${variant}`} schemaOptions={{ variant }} texts={texts} />;
}
