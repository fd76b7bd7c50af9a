// The type an input is drawn with, given the value it comes back with. A form sent without
// JavaScript comes back with what the visitor typed and a message; an input of type email, date
// or number cannot hold a value that is not one (HTML: the browser empties a date or number that
// is not valid, and an email value that is not an address is an error in the page), so such a
// value is shown in a text input with the same keyboard: what was typed stays in view, to correct.
import type { FieldSpec } from './definitions/types';

type Typed = FieldSpec['type'] | 'number';

/** HTML's "valid e-mail address" (the living standard's pattern). */
const EMAIL = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
/** HTML's "valid floating-point number". */
const NUMBER = /^-?(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** HTML's "valid date string": a day that exists. */
function isDate(value: string): boolean {
  const m = /^(\d{4,})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  return year > 0 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const HOLDS: Partial<Record<Typed, (value: string) => boolean>> = { email: (v) => EMAIL.test(v), date: isDate, number: (v) => NUMBER.test(v) };

/** `type`, unless `value` is one that type cannot hold: then `text`. */
export function inputTypeFor<T extends Typed>(type: T, value: string | undefined): T | 'text' {
  const holds = HOLDS[type];
  return !value || !holds || holds(value) ? type : 'text';
}

/** The keyboard a phone shows for a field of `type` drawn as text (inputTypeFor). */
export const KEYBOARD: Partial<Record<Typed, 'email' | 'numeric' | 'decimal'>> = { email: 'email', number: 'decimal', date: 'numeric' };
