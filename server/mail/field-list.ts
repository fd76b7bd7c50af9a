// A submission's answers as readable lines for a plain-text mail: a label per field in the
// mail's language (in the order the form's mail lists them; fields it does not name follow
// under their own key), yes/no for ticks, a file as its name and size, long text indented
// below its label.
import type { MailWithLabels, ValueWords } from '../../src/forms/definitions/types';
import { t } from '../../src/i18n/intl';
import type { Locale } from '../../src/i18n/locale';

export function fieldLines(mail: Pick<MailWithLabels, 'fields' | 'values'>, data: Readonly<Record<string, unknown>>, locale: Locale): string[] {
  const labels = mail.fields;
  const known = Object.keys(labels).filter((key) => key in data);
  const rest = Object.keys(data).filter((key) => !(key in labels) && key !== 'submissionId');
  const lines: string[] = [];
  for (const key of [...known, ...rest]) {
    const value = formatValue(data[key], locale, mail.values?.[key]);
    if (value === null) continue;
    const label = labels[key]?.[locale] ?? key;
    if (value.includes('\n') || value.length > 60) {
      lines.push(`${label}:`, ...value.split(/\r?\n/).map((line) => `    ${line}`));
    } else {
      lines.push(`${label}: ${value}`);
    }
  }
  return lines;
}

function formatValue(value: unknown, locale: Locale, words?: ValueWords): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'boolean') return t(locale, value ? 'mail.yes' : 'mail.no');
  if (words && typeof value === 'string') return words[value]?.[locale] ?? value;
  if (typeof value === 'string' || typeof value === 'number') return String(value).trim();
  if (Array.isArray(value)) return value.map((item) => formatValue(item, locale, words)).filter(Boolean).join(', ');
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
