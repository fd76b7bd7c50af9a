// A submission's answers as readable lines for a plain-text mail: a label per field in the
// mail's language, yes/no for ticks, a file as its name and size, long text indented below
// its label.
import type { Locale } from '../../src/i18n/locale';

type Label = Readonly<Record<Locale, string>>;

/** In the order a reader expects them; fields not named here follow under their own key. */
const LABELS: Readonly<Record<string, Label>> = {
  name: { nl: 'Naam', en: 'Name' },
  firstname: { nl: 'Voornaam', en: 'First name' },
  lastname: { nl: 'Achternaam', en: 'Last name' },
  date_of_birth: { nl: 'Geboortedatum', en: 'Date of birth' },
  age: { nl: 'Leeftijd', en: 'Age' },
  jobTitle: { nl: 'Functie', en: 'Job title' },
  organisation: { nl: 'Organisatie', en: 'Organisation' },
  municipality: { nl: 'Gemeente', en: 'Municipality' },
  email: { nl: 'E-mailadres', en: 'Email address' },
  phone: { nl: 'Telefoonnummer', en: 'Phone number' },
  telephone: { nl: 'Telefoonnummer', en: 'Phone number' },
  postcode: { nl: 'Postcode', en: 'Postcode' },
  location: { nl: 'Groep', en: 'Group' },
  variant: { nl: 'Situatie', en: 'Situation' },
  preferredLocation: { nl: 'Voorkeurslocatie', en: 'Preferred location' },
  preferredDate: { nl: 'Voorkeursdatum', en: 'Preferred date' },
  howHeard: { nl: 'Hoe ze van ons hoorden', en: 'How they heard of us' },
  howFound: { nl: 'Hoe ze ons vonden', en: 'How they found us' },
  cv: { nl: 'Cv', en: 'CV' },
  motivation: { nl: 'Motivatiebrief', en: 'Motivation letter' },
  message: { nl: 'Bericht', en: 'Message' },
  remarks: { nl: 'Overige opmerkingen', en: 'Other remarks' },
  privacy: { nl: 'Akkoord met het privacybeleid', en: 'Agreed to the privacy policy' },
  agreement: { nl: 'Toestemming voor gebruik van gegevens', en: 'Consent to use their details' },
};

const VARIANTS: Readonly<Record<string, Label>> = {
  'prefers-real-life': { nl: 'wil een groep die in het echt samenkomt', en: 'wants a group that meets in person' },
  'no-location': { nl: 'nog geen groep in de buurt', en: 'no group nearby yet' },
  'too-young': { nl: 'nog te jong voor de groep in de buurt', en: 'too young for the nearby group so far' },
};

const YES_NO: Readonly<Record<Locale, readonly [string, string]>> = { nl: ['ja', 'nee'], en: ['yes', 'no'] };

export function fieldLines(data: Readonly<Record<string, unknown>>, locale: Locale): string[] {
  const known = Object.keys(LABELS).filter((key) => key in data);
  const rest = Object.keys(data).filter((key) => !(key in LABELS) && key !== 'submissionId');
  const lines: string[] = [];
  for (const key of [...known, ...rest]) {
    const value = formatValue(key, data[key], locale);
    if (value === null) continue;
    const label = LABELS[key]?.[locale] ?? key;
    if (value.includes('\n') || value.length > 60) {
      lines.push(`${label}:`, ...value.split(/\r?\n/).map((line) => `    ${line}`));
    } else {
      lines.push(`${label}: ${value}`);
    }
  }
  return lines;
}

function formatValue(key: string, value: unknown, locale: Locale): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'boolean') return YES_NO[locale][value ? 0 : 1];
  if (key === 'variant' && typeof value === 'string') return VARIANTS[value]?.[locale] ?? value;
  if (typeof value === 'string' || typeof value === 'number') return String(value).trim();
  if (Array.isArray(value)) return value.map((item) => formatValue(key, item, locale)).filter(Boolean).join(', ');
  if (typeof value === 'object' && typeof (value as { name?: unknown }).name === 'string') {
    const file = value as { name: string; size?: unknown };
    return typeof file.size === 'number' ? `${file.name} (${formatSize(file.size, locale)})` : file.name;
  }
  return JSON.stringify(value);
}

export function formatSize(bytes: number, locale: Locale): string {
  const units = ['bytes', 'kB', 'MB', 'GB'];
  let size = bytes;
  let unit = 0;
  while (size >= 1000 && unit < units.length - 1) {
    size /= 1000;
    unit += 1;
  }
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(size);
  return `${number} ${units[unit]}`;
}
