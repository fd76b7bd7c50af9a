// Which message a failing generic rule shows, with its placeholders filled in. Some rules have
// variants (FormKit does the same): `length` reads differently with only a minimum, only a
// maximum or an exact size; `min`/`max` differ for lists; dates without a bound mean "today".
import { formatAlternatives, formatDateMedium, formatNumber } from './format';
import { formatMessage, type MessageKey, type MessageValues } from './messages/index';
import type { Locale } from '../i18n/locale';
import { DATE_FORMAT_DEFAULT, MAX_DEFAULT, MIN_DEFAULT } from './constants';
import { toDate } from './dates';
import type { RuleArgs, RuleName } from './rules';

export interface RuleSpec<N extends RuleName = RuleName> {
  readonly name: N;
  readonly args: RuleArgs<N>;
}

/** `rule('length', 2, 50)`: a rule with its arguments, checked with the right defaults. */
export function rule<N extends RuleName>(name: N, ...args: RuleArgs<N>): RuleSpec<N> {
  return { name, args };
}

export interface RuleContext {
  readonly locale: Locale;
  /** The field's visible label, as it reads inside a sentence ("e-mailadres"). */
  readonly label: string;
  /** Labels of the other fields a `require_one` rule looks at. */
  readonly otherLabels?: readonly string[];
}

function capitalise(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

function dateText(value: unknown, locale: Locale): string {
  const date = toDate(value);
  return date ? formatDateMedium(date, locale) : String(value);
}

function variant(spec: RuleSpec, value: unknown, ctx: RuleContext): [MessageKey, MessageValues] {
  const { locale } = ctx;
  const args = spec.args as readonly unknown[];
  const n = (i: number) => (typeof args[i] === 'number' ? (args[i] as number) : undefined);
  switch (spec.name) {
    case 'length': {
      const [a = 0, b = Number.POSITIVE_INFINITY] = [n(0), n(1)];
      const [min, max] = [Math.min(a, b), Math.max(a, b)];
      if (max === Number.POSITIVE_INFINITY) return ['rule.length.min', { min }];
      if (min === max) return ['rule.length.exact', { max }];
      if (min <= 0) return ['rule.length.max', { max }];
      return ['rule.length.between', { min, max }];
    }
    case 'between': {
      const [a = 0, b = 0] = [n(0), n(1)];
      const [min, max] = [Math.min(a, b), Math.max(a, b)].map((v) => formatNumber(v, locale));
      return ['rule.between', { min: min ?? '', max: max ?? '' }];
    }
    case 'min':
    case 'max': {
      const fallback = spec.name === 'min' ? MIN_DEFAULT : MAX_DEFAULT;
      const values = { n: formatNumber(n(0) ?? fallback, locale) };
      return [Array.isArray(value) ? `rule.${spec.name}.items` : `rule.${spec.name}`, values];
    }
    case 'date_after':
    case 'date_before':
      return args[0] === undefined
        ? [`rule.${spec.name}.today`, {}]
        : [`rule.${spec.name}`, { date: dateText(args[0], locale) }];
    case 'date_between':
      return ['rule.date_between', { from: dateText(args[0], locale), to: dateText(args[1], locale) }];
    case 'date_format':
      return ['rule.date_format', { format: typeof args[0] === 'string' ? args[0] : DATE_FORMAT_DEFAULT }];
    case 'ends_with':
      return ['rule.ends_with', { suffixes: formatAlternatives(args.map(String), locale) }];
    case 'starts_with':
      return ['rule.starts_with', { prefixes: formatAlternatives(args.map(String), locale) }];
    case 'not':
      return ['rule.not', { value: String(value) }];
    case 'require_one':
      return ['rule.require_one', { others: formatAlternatives(ctx.otherLabels ?? [], locale) }];
    default:
      return [`rule.${spec.name}`, {}];
  }
}

export function ruleMessage(spec: RuleSpec, value: unknown, ctx: RuleContext): string {
  const [key, values] = variant(spec, value, ctx);
  return formatMessage(ctx.locale, key, { Field: capitalise(ctx.label), field: ctx.label, ...values });
}
