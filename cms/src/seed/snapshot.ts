import { existsSync, readFileSync } from 'fs';
import path from 'path';

export type Json = Record<string, unknown>;

/**
 * The site's embedded content: `<dir>/snapshot/{locale}/{collection}.json`,
 * `<dir>/snapshot/{locale}/single/{name}.json`, `<dir>/snapshot/navigation/{locale}/{menu}.json`,
 * `<dir>/snapshot/i18n/locales.json` and the media files in `<dir>/uploads/`.
 */
export class Snapshot {
  constructor(readonly dir: string) {}

  get uploadsDir(): string {
    return path.join(this.dir, 'uploads');
  }

  exists(): boolean {
    return existsSync(path.join(this.dir, 'snapshot'));
  }

  private read(...parts: string[]): unknown {
    const file = path.join(this.dir, 'snapshot', ...parts);
    return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
  }

  collection(locale: string, name: string): Json[] {
    const data = this.read(locale, `${name}.json`);
    return Array.isArray(data) ? (data as Json[]) : [];
  }

  single(locale: string, name: string): Json | undefined {
    return this.read(locale, 'single', `${name}.json`) as Json | undefined;
  }

  navigation(locale: string, name: string): Json[] | undefined {
    return this.read('navigation', locale, `${name}.json`) as Json[] | undefined;
  }

  locales(): Json[] {
    const data = this.read('i18n', 'locales.json');
    return Array.isArray(data) ? (data as Json[]) : [];
  }
}

/** Every media object (an uploaded file as a populated field shows it) anywhere in `value`. */
export function mediaIn(value: unknown, found: Json[] = []): Json[] {
  if (Array.isArray(value)) value.forEach((v) => mediaIn(v, found));
  else if (value && typeof value === 'object') {
    const object = value as Json;
    if (isMedia(object)) found.push(object);
    else Object.values(object).forEach((v) => mediaIn(v, found));
  }
  return found;
}

export function isMedia(value: Json): boolean {
  return typeof value.url === 'string' && typeof value.mime === 'string' && typeof value.documentId === 'string';
}
