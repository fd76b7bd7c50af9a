import { pathTo } from '../../routing/path-to';
import type { ReactNode } from 'react';
import type { Location } from '../../content/model';
import type { Locale } from '../../i18n/locale';
import type { PageRoute } from '../../routing/route-types';
import { t } from '../../i18n/intl';
import { Icon } from '../../icons/icon';
import { RichText } from '../../blocks/rich-text';
import type { Services } from '../../routing/services';
import { DetailBody, DetailHeader, Facts, type Fact } from '../../blocks/detail-parts';
import { shareImage } from './seo/page-seo';
import { markdownToText } from '../../content/markdown-text';

/** /locatie/:slug: one group, when and where it meets, for which ages, and how to join. */
export const locationRoute: PageRoute<Location, Services, ReactNode> = {
  layout: 'default',
  async load({ services, params, locale }) {
    const location = await services.content.entry('locations', params.slug ?? '', locale);
    return location ? { kind: 'ok', data: location } : { kind: 'not-found' };
  },
  title: (location) => location.name,
  seo: (location) => ({
    description: location.description ? firstSentences(markdownToText(location.description)) : null,
    image: shareImage(location.image),
  }),
  page: (location, { locale, services }) => {
    const online = location.mode === 'online';
    const signUp = pathTo('aanmelden', locale, undefined, { locatie: location.slug });
    return (
      <article className="detail detail-location">
        <DetailHeader
          back={{ href: pathTo('locaties', locale), label: t(locale, 'pages.back.locations') }}
          eyebrow={t(locale, online ? 'pages.location.online' : 'pages.location.inRealLife')}
          title={location.name}
          meta={
            <a className="button button-primary" href={signUp}>
              {t(locale, 'pages.location.signUp.button')}
              <Icon name="arrow-right" size={20} />
            </a>
          }
          media={location.image}
        />
        <DetailBody aside={<Facts title={t(locale, 'pages.facts')} facts={facts(location, locale)} />}>
          <RichText markdown={location.description} origin={services.publicConfig.publicOrigin} className="detail-text" />
          <section className="signup-card" aria-labelledby="signup-title">
            <h2 id="signup-title">{t(locale, 'pages.location.signUp.title')}</h2>
            <ol className="steps">
              <li>{t(locale, 'pages.location.signUp.step1')}</li>
              <li>{t(locale, 'pages.location.signUp.step2')}</li>
              <li>{t(locale, 'pages.location.signUp.step3')}</li>
            </ol>
            <p>{t(locale, 'pages.location.free')}</p>
            <a className="button button-primary" href={signUp}>
              {t(locale, 'pages.location.signUp.button')}
              <Icon name="arrow-right" size={20} />
            </a>
          </section>
        </DetailBody>
      </article>
    );
  },
};

function facts(location: Location, locale: Locale): Fact[] {
  const day = t(locale, `pages.day.${location.meetingDay}`);
  const every = t(locale, location.frequency === 'biweekly' ? 'pages.location.biweekly' : 'pages.location.weekly', { day });
  const when = location.meetingTime ? `${every}, ${location.meetingTime}` : every;
  const ages = t(locale, 'pages.location.ageRange', { min: location.minAge, max: location.maxAge });
  if (location.mode === 'online') {
    return [
      { icon: 'users', label: t(locale, 'pages.location.ages'), value: ages },
      { icon: 'calendar', label: t(locale, 'pages.location.when'), value: when },
      { icon: 'message-circle', label: t(locale, 'pages.location.where'), value: t(locale, 'pages.location.video') },
      {
        icon: 'list',
        label: t(locale, 'pages.location.programmeLabel'),
        value: (
          <ul className="plain-list">
            <li>{t(locale, 'pages.location.programme')}</li>
            <li>{t(locale, 'pages.location.weeklyMeeting')}</li>
          </ul>
        ),
      },
    ];
  }
  const place = [location.address, [location.postcode, location.city].filter(Boolean).join(' ')].filter(Boolean);
  return [
    { icon: 'users', label: t(locale, 'pages.location.ages'), value: ages },
    { icon: 'calendar', label: t(locale, 'pages.location.when'), value: when },
    {
      icon: 'map-pin',
      label: t(locale, 'pages.location.where'),
      value: place.length > 0 ? <address>{place.map((line, i) => <span key={i} className="address-line">{line}</span>)}</address> : null,
    },
    { icon: 'house', label: t(locale, 'pages.location.district'), value: location.district?.name },
  ];
}

/** Meta descriptions are best under about 160 characters: whole sentences up to that. */
function firstSentences(text: string, max = 160): string {
  const sentences = text.replace(/\s+/g, ' ').match(/[^.!?]+[.!?]+/g) ?? [text];
  let out = '';
  for (const s of sentences) {
    if ((out + s).trim().length > max) break;
    out += s;
  }
  return (out || text.slice(0, max)).trim();
}
