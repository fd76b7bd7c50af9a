import { pathTo } from '../routing/path-to';
import type { Course, Event, Vacancy } from '../content/model';
import { formatDate, t } from '../i18n/intl';
import { Icon } from '../icons/icon';
import type { BlockContext } from './block-context';
import { ButtonLink } from './button-link';
import { CardMeta, CardTitle, type CardHeadingLevel } from './card-parts';
import { isPastDay } from '../forms/dates';
import { eventHasEnded } from '../content/events';
import { eventTime } from './format';
import { MediaImage } from './media-image';
import { RichText } from './rich-text';
import { FitWords } from './fit-words';

type CardProps<T> = { record: T; ctx: BlockContext; heading: CardHeadingLevel };

export function CourseCard({ record, heading }: CardProps<Course>) {
  return (
    <li className="card card-course">
      <MediaImage media={record.image} slot="card" className="card-image" alt="" />
      <div className="card-body">
        <CardTitle as={heading} href={pathTo('academy-slug', 'nl', { slug: record.slug })}>
          {record.title}
        </CardTitle>
        {record.summary ? <p className="card-text">{record.summary}</p> : null}
        <CardMeta>
          {record.duration ? <span><Icon name="clock" size={18} /> {record.duration}</span> : null}
          {record.audience ? <span><Icon name="users" size={18} /> {record.audience}</span> : null}
        </CardMeta>
      </div>
    </li>
  );
}

/** Closed vacancies stay visible with their date: an honest "closed" beats a vanished page. */
export function VacancyCard({ record, ctx, heading }: CardProps<Vacancy>) {
  const closed = record.closingDate ? isPastDay(record.closingDate) : false;
  return (
    <li className={closed ? 'card card-vacancy is-closed' : 'card card-vacancy'}>
      <div className="card-body">
        <CardMeta>
          {record.employmentType ? <span className="badge">{t(ctx.locale, `blocks.vacancy.${record.employmentType}`)}</span> : null}
          {record.closingDate ? (
            <span className={closed ? 'badge badge-muted' : undefined}>
              {t(ctx.locale, closed ? 'blocks.vacancy.closed' : 'blocks.vacancy.closes', { date: formatDate(ctx.locale, record.closingDate) })}
            </span>
          ) : null}
        </CardMeta>
        <CardTitle as={heading} href={pathTo('vacatures-slug', 'nl', { slug: record.slug })}>
          {record.title}
        </CardTitle>
        {record.summary ? <p className="card-text">{record.summary}</p> : null}
        <CardMeta>
          {record.location ? <span><Icon name="map-pin" size={18} /> {record.location}</span> : null}
          {record.hours ? <span><Icon name="clock" size={18} /> {record.hours}</span> : null}
        </CardMeta>
      </div>
    </li>
  );
}

/** The event's facts in one wide card; its own page is the event page, so no title link. */
export function EventCard({ record, ctx, heading: Heading }: CardProps<Event>) {
  const past = eventHasEnded(record);
  const time = record.endsAt
    ? t(ctx.locale, 'blocks.event.time', { start: eventTime(ctx.locale, record.startsAt), end: eventTime(ctx.locale, record.endsAt) })
    : eventTime(ctx.locale, record.startsAt);
  const place = [record.venue, record.address, record.city].filter(Boolean).join(', ');
  return (
    <li className="card card-event">
      <MediaImage media={record.image} slot="detail" className="card-image" alt="" />
      <div className="card-body">
        {past ? <p className="badge badge-muted">{t(ctx.locale, 'blocks.event.past')}</p> : null}
        <Heading className="card-title"><FitWords text={record.title} /></Heading>
        <ul className="facts" role="list">
          <li><Icon name="calendar" size={20} /> <time dateTime={record.startsAt}>{formatDate(ctx.locale, record.startsAt)}</time></li>
          <li><Icon name="clock" size={20} /> {time}</li>
          {place ? <li><Icon name="map-pin" size={20} /> {place}</li> : null}
        </ul>
        <RichText markdown={record.description} origin={ctx.services.publicConfig.publicOrigin} />
        {record.ticketUrl && !past ? (
          <ButtonLink button={{ label: t(ctx.locale, 'blocks.event.tickets'), url: record.ticketUrl, variant: 'primary' }} ctx={ctx} />
        ) : null}
      </div>
    </li>
  );
}
