import { pathTo } from '../../routing/path-to';
import type { ReactNode } from 'react';
import { placesOf, type Course } from '../../content/model/course';
import type { PageRoute } from '../../routing/route-types';
import { t } from '../../i18n/intl';
import { RichText } from '../../blocks/rich-text';
import type { Services } from '../../routing/services';
import { DetailBody, DetailHeader, Facts } from '../../blocks/detail-parts';
import { SiteForm } from '../../blocks/forms/site-form';
import { courseLd } from './seo/json-ld';
import { shareImage } from './seo/page-seo';
import { backLink } from './seo/urls';

/** /academy/:slug: a course for professionals, its practical facts and how to ask about it.
 * The information-request form lives on the Academy page, which the call to action opens. */
export const courseRoute: PageRoute<Course, Services, ReactNode> = {
  layout: 'default',
  async load({ services, params, locale }) {
    const course = await services.content.entry('courses', params.slug ?? '', locale);
    return course ? { kind: 'ok', data: course } : { kind: 'not-found' };
  },
  title: (course) => course.seo?.metaTitle || course.title,
  seo: (course, ctx) => ({
    description: course.seo?.metaDescription || course.summary,
    image: shareImage(course.seo?.shareImage ?? course.image),
    noIndex: course.seo?.noIndex ?? false,
    jsonLd: [courseLd(course, ctx.services.publicConfig.publicOrigin, ctx.fullPath, ctx.locale)],
  }),
  page: (course, ctx) => {
    const { locale, services } = ctx;
    return (
      <article className="detail detail-course">
        <DetailHeader
          back={backLink(locale, pathTo('academy', 'nl'), t(locale, 'pages.back.academy'), t(locale, 'pages.back.home'))}
          eyebrow="Join Us Academy"
          title={course.title}
          lead={course.summary}
          media={course.image}
        />
        <DetailBody
          aside={
            <Facts
              title={t(locale, 'pages.facts')}
              facts={[
                { icon: 'clock', label: t(locale, 'pages.course.duration'), value: course.duration },
                { icon: 'users', label: t(locale, 'pages.course.audience'), value: course.audience },
                { icon: 'map-pin', label: t(locale, 'pages.course.locations'), value: placesOf(course).join(', ') },
                { icon: 'graduation-cap', label: t(locale, 'pages.course.price'), value: course.price },
              ]}
            >
              <div className="facts-cta">
                <h3>{t(locale, 'pages.course.cta.title')}</h3>
                <p>{t(locale, 'pages.course.cta.body')}</p>
                <a className="button button-primary" href="#formulier-course-information">
                  {t(locale, 'pages.course.cta.button')}
                </a>
              </div>
            </Facts>
          }
        >
          <RichText markdown={course.body} origin={services.publicConfig.publicOrigin} className="detail-text" />
          <section className="apply-card" aria-labelledby="course-info-title">
            <h2 id="course-info-title">{t(locale, 'pages.course.cta.title')}</h2>
            <SiteForm form="course-information" ctx={ctx} about={`course:${course.slug}`} />
          </section>
        </DetailBody>
      </article>
    );
  },
};
