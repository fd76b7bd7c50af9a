// Generic rules applied to a value or attached to a zod schema, so a field defined as data
// (`[rule('required'), rule('length', 2, 50)]`) validates the same in the browser and on the
// server, with the message in the visitor's language.
import type { z } from 'zod';
import { ruleMessage, type RuleContext, type RuleSpec } from './rule-messages';
import { checkRule, isEmpty, type RuleName } from './rules';

// Like FormKit: an empty optional field is fine; only these rules have an opinion about empty.
const RUNS_ON_EMPTY: ReadonlySet<RuleName> = new Set(['required', 'require_one', 'accepted']);

/** The message of the first rule the value breaks, or undefined when it keeps them all. */
export function firstRuleError(
  value: unknown,
  specs: readonly RuleSpec[],
  ctx: RuleContext,
): string | undefined {
  const empty = isEmpty(value);
  for (const spec of specs) {
    if (empty && !RUNS_ON_EMPTY.has(spec.name)) continue;
    const args = spec.args as readonly never[];
    if (!checkRule(spec.name, value, ...args)) return ruleMessage(spec, value, ctx);
  }
  return undefined;
}

/** The schema with the rules added as one refinement; only the first broken rule is reported. */
export function withRules<S extends z.ZodType>(
  schema: S,
  specs: readonly RuleSpec[],
  ctx: RuleContext,
): S {
  return schema.superRefine((value, refinement) => {
    const message = firstRuleError(value, specs, ctx);
    if (message !== undefined) refinement.addIssue({ code: 'custom', message, input: value });
  });
}
