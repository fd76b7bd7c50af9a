// Date handling. A date typed in a form is read in UTC, so it means the same day in the browser
// and on the server, whatever their time zones. Which day it is now is a Dutch question: the
// foundation works in the Netherlands, so "today" is the calendar day in Amsterdam.
import { DATE_FORMAT_DEFAULT } from './constants';
import { DUTCH_TIME_ZONE } from '../i18n/time-zone';

const DAY_MS = 24 * 60 * 60 * 1000;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

function utcDate(year: number, month: number, day: number): Date | undefined {
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls 31 February over into March; a rolled-over date was not a real date.
  const real =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real ? date : undefined;
}

const TOKENS: ReadonlyArray<readonly [string, string]> = [
  ['YYYY', '(?<year>\\d{4})'],
  ['YY', '(?<shortYear>\\d{2})'],
  ['MM', '(?<month>\\d{2})'],
  ['M', '(?<month>\\d{1,2})'],
  ['DD', '(?<day>\\d{2})'],
  ['D', '(?<day>\\d{1,2})'],
];

function formatToRegExp(format: string): RegExp {
  let source = '';
  let rest = format;
  while (rest.length > 0) {
    const token = TOKENS.find(([name]) => rest.startsWith(name));
    if (token) {
      source += token[1];
      rest = rest.slice(token[0].length);
    } else {
      source += rest.charAt(0).replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
      rest = rest.slice(1);
    }
  }
  return new RegExp(`^${source}$`);
}

/**
 * A date written in `format` (tokens YYYY, YY, MM, M, DD, D), or undefined when the text does
 * not follow the format or names a day that does not exist. Two-digit years below 50 are read
 * as 20xx, others as 19xx.
 */
export function parseDateWithFormat(value: string, format = DATE_FORMAT_DEFAULT): Date | undefined {
  const groups = formatToRegExp(format).exec(value.trim())?.groups;
  if (!groups?.month || !groups.day) return undefined;
  const short = groups.shortYear === undefined ? undefined : Number(groups.shortYear);
  const year =
    groups.year !== undefined
      ? Number(groups.year)
      : short === undefined
        ? undefined
        : short < 50 ? 2000 + short : 1900 + short;
  if (year === undefined) return undefined;
  return utcDate(year, Number(groups.month), Number(groups.day));
}

/** A Date, a timestamp, `YYYY-MM-DD` or a full ISO date-time; anything else is undefined. */
export function toDate(value: unknown): Date | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value;
  if (typeof value === 'number') return Number.isFinite(value) ? new Date(value) : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (ISO_DATE_TIME.test(text)) {
    const date = new Date(text);
    return Number.isNaN(date.getTime()) ? undefined : date;
  }
  return parseDateWithFormat(text);
}

let amsterdamDay: Intl.DateTimeFormat | undefined;

/** The calendar day (`YYYY-MM-DD`) it is now in the Netherlands, whatever the server's zone. */
export function today(now: Date = new Date()): string {
  // A formatter costs far more to build than to use: made once.
  amsterdamDay ??= new Intl.DateTimeFormat('en', { timeZone: DUTCH_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
  const parts = amsterdamDay.formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** True once a `YYYY-MM-DD` day is over in the Netherlands: a closing day itself still counts. */
export function isPastDay(day: string, now: Date = new Date()): boolean {
  return day < today(now);
}

export function startOfUtcDay(moment: Date = new Date()): Date {
  return new Date(Math.floor(moment.getTime() / DAY_MS) * DAY_MS);
}

/** The last millisecond of the UTC day: "after today" means from tomorrow on. */
export function endOfUtcDay(moment: Date = new Date()): Date {
  return new Date(startOfUtcDay(moment).getTime() + DAY_MS - 1);
}

/** `YYYY-MM-DD` of a moment in UTC: how dates travel between browser, server and store. */
export function isoDay(moment: Date): string {
  return moment.toISOString().slice(0, 10);
}

/** Whole years between a birth date and `today`, counted in UTC. */
export function ageOn(dateOfBirth: Date, today: Date = new Date()): number {
  let age = today.getUTCFullYear() - dateOfBirth.getUTCFullYear();
  const birthdayPassed =
    today.getUTCMonth() > dateOfBirth.getUTCMonth() ||
    (today.getUTCMonth() === dateOfBirth.getUTCMonth() &&
      today.getUTCDate() >= dateOfBirth.getUTCDate());
  if (!birthdayPassed) age -= 1;
  return age;
}
