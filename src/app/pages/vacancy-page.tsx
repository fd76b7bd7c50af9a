import { pathTo } from '../../routing/path-to';
import type { ReactNode } from 'react';
import type { GlobalSettings, Vacancy } from '../../content/model';
import { isPastDay } from '../../forms/dates';
import type { PageRoute } from '../../routing/route-types';
import { formatDate, t } from '../../i18n/intl';
import type { Locale } from '../../i18n/locale';
import { Icon } from '../../icons/icon';
import { RichText } from '../../blocks/rich-text';
import type { Services } from '../../routing/services';
import { DetailBody, DetailHeader, Facts } from '../../blocks/detail-parts';
import { SiteForm } from '../../blocks/forms/site-form';
import { jobPostingLd } from './seo/json-ld';
import { backLink } from './seo/urls';

type Data = { vacancy: Vacancy; global: GlobalSettings | null };

const isClosed = (vacancy: Vacancy) => !!vacancy.closingDate && isPastDay(vacancy.closingDate);

/** /vacatures/:slug: the job, its practical facts and how to apply: the application form,
 * and the foundation's email and phone number for whoever prefers those. */
export const vacancyRoute: PageRoute<Data, Services, ReactNode> = {
  layout: 'default',
  async load({ services, params, locale }) {
    const [vacancy, global] = await Promise.all([
      services.content.entry('vacancies', params.slug ?? '', locale),
      services.content.globalSettings(locale).catch(() => null),
    ]);
    return vacancy ? { kind: 'ok', data: { vacancy, global } } : { kind: 'not-found' };
  },
  title: ({ vacancy }) => vacancy.seo?.metaTitle || vacancy.title,
  seo: ({ vacancy }, ctx) => ({
    description: vacancy.seo?.metaDescription || vacancy.summary,
    noIndex: vacancy.seo?.noIndex ?? false,
    // Kept after closing: a validThrough in the past is how search engines learn it expired.
    jsonLd: [jobPostingLd(vacancy, ctx.services.publicConfig.publicOrigin, ctx.fullPath)],
  }),
  page: ({ vacancy, global }, ctx) => {
    const { locale, services } = ctx;
    const closed = isClosed(vacancy);
    const type = vacancy.employmentType ? t(locale, `pages.vacancy.type.${vacancy.employmentType}`) : null;
    return (
      <article className="detail detail-vacancy">
        <DetailHeader
          back={backLink(locale, pathTo('vacatures', 'nl'), t(locale, 'pages.back.vacancies'), t(locale, 'pages.back.home'))}
          eyebrow={type}
          title={vacancy.title}
          lead={vacancy.summary}
          meta={closed ? <span className="badge badge-muted">{t(locale, 'pages.vacancy.closedBadge')}</span> : null}
        />
        <DetailBody
          aside={
            <Facts
              title={t(locale, 'pages.facts')}
              facts={[
                { icon: 'briefcase', label: t(locale, 'pages.vacancy.type'), value: type },
                { icon: 'clock', label: t(locale, 'pages.vacancy.hours'), value: vacancy.hours },
                { icon: 'map-pin', label: t(locale, 'pages.vacancy.location'), value: vacancy.location },
                {
                  icon: 'calendar',
                  label: t(locale, 'pages.vacancy.closing'),
                  value: vacancy.closingDate ? <time dateTime={vacancy.closingDate}>{formatDate(locale, vacancy.closingDate)}</time> : null,
                },
              ]}
            />
          }
        >
          <RichText markdown={vacancy.body} origin={services.publicConfig.publicOrigin} className="detail-text" />
          <section className="apply-card" id="solliciteren" aria-labelledby="apply-title">
            <h2 id="apply-title">{t(locale, 'pages.vacancy.apply.title')}</h2>
            {closed ? (
              <ClosedNotice locale={locale} />
            ) : (
              <>
                <SiteForm form="vacancy-application" ctx={ctx} about={`vacancy:${vacancy.slug}`} />
                <ApplyContacts vacancy={vacancy} global={global} locale={locale} />
              </>
            )}
          </section>
        </DetailBody>
      </article>
    );
  },
};

function ClosedNotice({ locale }: { locale: Locale }) {
  return (
    <>
      <p className="notice">{t(locale, 'pages.vacancy.closed')}</p>
      {locale === 'nl' ? (
        <p className="button-row">
          <a className="button button-secondary" href={pathTo('vacatures', 'nl')}>{t(locale, 'pages.vacancy.others')}</a>
        </p>
      ) : null}
    </>
  );
}

function ApplyContacts({ vacancy, global, locale }: { vacancy: Vacancy; global: GlobalSettings | null; locale: Locale }) {
  const subject = encodeURIComponent(t(locale, 'pages.vacancy.apply.subject', { title: vacancy.title }));
  return (
    <>
      <p>{t(locale, 'pages.vacancy.apply.body')}</p>
      <p className="button-row">
        {global?.email ? (
          <a className="button button-primary" href={`mailto:${global.email}?subject=${subject}`}>
            <Icon name="mail" size={20} />
            {t(locale, 'pages.vacancy.apply.mail')}
          </a>
        ) : null}
        {global?.phone ? (
          <a className="button button-secondary" href={`tel:${global.phone.replace(/[\s-]/g, '')}`}>
            <Icon name="phone" size={20} />
            {t(locale, 'pages.vacancy.apply.call', { phone: global.phone })}
          </a>
        ) : null}
      </p>
      {global?.email ? <p className="apply-address">{global.email}</p> : null}
    </>
  );
}
