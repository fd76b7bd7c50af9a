// Structured data (schema.org) for search engines, built from content records.
import type { BlogPost, Course, Event, GlobalSettings, Vacancy } from '../../../content/model';
import { placesOf } from '../../../content/model/course';
import type { Locale } from '../../../i18n/locale';
import { markdownToText } from '../../../content/markdown-text';
import { absoluteUrl } from './urls';
import { shareFile } from './page-seo';
import { DUTCH_TIME_ZONE } from '../../../i18n/time-zone';

type Ld = Record<string, unknown>;
const ORG_NAME = 'Stichting Join Us';

/** The foundation; other objects refer to it as author, publisher or provider. */
export function organisationLd(origin: string, global: GlobalSettings | null, full = false): Ld {
  const base: Ld = { '@type': 'NGO', name: ORG_NAME, alternateName: 'Join Us', url: absoluteUrl(origin, '/') };
  if (!full) return base;
  const socials = global?.socials;
  const sameAs = [socials?.facebook, socials?.tiktok, socials?.instagram, socials?.linkedin].filter(Boolean);
  return {
    '@context': 'https://schema.org',
    ...base,
    logo: absoluteUrl(origin, '/favicon.svg'),
    description: global?.defaultSeo?.metaDescription ?? undefined,
    email: global?.email ?? undefined,
    telephone: global?.phone ?? undefined,
    address: global?.address ? { '@type': 'PostalAddress', streetAddress: global.address.replace(/\n/g, ', '), addressCountry: 'NL' } : undefined,
    contactPoint: global?.email || global?.phone
      ? { '@type': 'ContactPoint', contactType: 'customer support', email: global.email ?? undefined, telephone: global.phone ?? undefined, availableLanguage: ['nl', 'en'] }
      : undefined,
    sameAs: sameAs.length > 0 ? sameAs : undefined,
  };
}

export function blogPostingLd(post: BlogPost, origin: string, path: string, locale: Locale): Ld {
  const image = post.seo?.shareImage ?? post.cover;
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.seo?.metaDescription ?? post.excerpt ?? undefined,
    datePublished: post.publishedDate ?? post.publishedAt ?? undefined,
    dateModified: post.updatedAt ?? undefined,
    author: post.author ? { '@type': 'Person', name: post.author } : organisationLd(origin, null),
    publisher: organisationLd(origin, null),
    image: image ? absoluteUrl(origin, shareFile(image).url) : undefined,
    mainEntityOfPage: absoluteUrl(origin, path),
    inLanguage: locale,
  };
}

export function jobPostingLd(vacancy: Vacancy, origin: string, path: string): Ld {
  return {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: vacancy.title,
    description: markdownToText([vacancy.summary, vacancy.body].filter(Boolean).join('\n\n')),
    datePosted: (vacancy.publishedAt ?? vacancy.createdAt ?? undefined)?.slice(0, 10),
    validThrough: vacancy.closingDate ? endOfDutchDay(vacancy.closingDate) : undefined,
    employmentType: employmentType(vacancy),
    hiringOrganization: { ...organisationLd(origin, null), sameAs: absoluteUrl(origin, '/') },
    jobLocation: vacancy.location
      ? { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: vacancy.location, addressCountry: 'NL' } }
      : undefined,
    url: absoluteUrl(origin, path),
  };
}

/** The closing day ends at midnight in the Netherlands, summer time or not. */
let dutchOffset: Intl.DateTimeFormat | undefined;
function endOfDutchDay(day: string): string {
  dutchOffset ??= new Intl.DateTimeFormat('en', { timeZone: DUTCH_TIME_ZONE, timeZoneName: 'longOffset' });
  const zone = dutchOffset
    .formatToParts(new Date(`${day}T12:00:00Z`))
    .find((part) => part.type === 'timeZoneName')?.value;
  const offset = zone?.replace('GMT', '') || '+01:00';
  return `${day}T23:59:59${offset}`;
}

/** Paid jobs state hours in words; 36 hours or more a week counts as full time in the Dutch sector. */
function employmentType(vacancy: Vacancy): string | undefined {
  if (vacancy.employmentType === 'volunteer') return 'VOLUNTEER';
  if (vacancy.employmentType === 'internship') return 'INTERN';
  const hours = (vacancy.hours ?? '').match(/\d+/g)?.map(Number) ?? [];
  if (vacancy.employmentType !== 'paid' || hours.length === 0) return undefined;
  return Math.max(...hours) >= 36 ? 'FULL_TIME' : 'PART_TIME';
}

export function courseLd(course: Course, origin: string, path: string, locale: Locale): Ld {
  return {
    '@context': 'https://schema.org',
    '@type': 'Course',
    name: course.title,
    description: course.summary ?? markdownToText(course.body).slice(0, 300),
    provider: { ...organisationLd(origin, null), sameAs: absoluteUrl(origin, '/') },
    url: absoluteUrl(origin, path),
    image: course.image ? absoluteUrl(origin, shareFile(course.image).url) : undefined,
    inLanguage: locale,
    audience: course.audience ? { '@type': 'Audience', audienceType: course.audience } : undefined,
    hasCourseInstance: placesOf(course).map((place) => ({
      '@type': 'CourseInstance',
      courseMode: /online/i.test(place) ? 'online' : 'onsite',
      location: /online/i.test(place) ? undefined : place,
    })),
  };
}

export function eventLd(event: Event, origin: string, path: string): Ld {
  const image = event.seo?.shareImage ?? event.image;
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.title,
    description: event.seo?.metaDescription ?? (event.description ? markdownToText(event.description) : undefined),
    startDate: event.startsAt,
    endDate: event.endsAt ?? undefined,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: {
      '@type': 'Place',
      name: event.venue ?? undefined,
      address: { '@type': 'PostalAddress', streetAddress: event.address ?? undefined, addressLocality: event.city ?? undefined, addressCountry: 'NL' },
    },
    image: image ? absoluteUrl(origin, shareFile(image).url) : undefined,
    organizer: organisationLd(origin, null),
    url: absoluteUrl(origin, path),
    offers: event.ticketUrl ? { '@type': 'Offer', url: absoluteUrl(origin, event.ticketUrl), availability: 'https://schema.org/InStock' } : undefined,
  };
}
