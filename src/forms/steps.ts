// Forms in steps (the sign-up: a next step, then submit). Each field names its step; the
// browser shows one step at a time and checks it before moving on, and the server does the
// same for a post without JavaScript. Shared, so both agree on the steps.
import type { FormDefinition } from './definitions/types';

export type FormSteps = readonly (readonly string[])[];

/** The fields of each step of a form in steps, read off the fields; undefined for a form on one page. */
export function stepsOf(def: FormDefinition | undefined): FormSteps | undefined {
  const steps = def?.steps;
  if (!steps) return undefined;
  return steps.map((_, i) => def.fields.filter((f) => Math.min(f.step ?? steps.length, steps.length) === i + 1).map((f) => f.name));
}

/** The step (1-based) a field belongs to; a field no step names belongs to the last. */
export function stepOfField(steps: FormSteps, name: string): number {
  const index = steps.findIndex((fields) => fields.includes(name));
  return index === -1 ? steps.length : index + 1;
}

/** The errors of the fields in steps 1 to `step`: what stops the visitor from going on. */
export function errorsUpTo(steps: FormSteps, errors: Readonly<Record<string, string>>, step: number): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, message] of Object.entries(errors)) if (stepOfField(steps, name) <= step) out[name] = message;
  return out;
}

/** The first step with an error, where the visitor is taken back to. */
export function firstStepWithError(steps: FormSteps, errors: Readonly<Record<string, string>>): number | null {
  const found = Object.keys(errors).map((name) => stepOfField(steps, name));
  return found.length > 0 ? Math.min(...found) : null;
}

/** A step number from a form field (`_step`, `_back`), or null when it is not one. */
export function parseStep(value: unknown, total: number): number | null {
  if (typeof value !== 'string' || !/^\d{1,2}$/.test(value)) return null;
  const step = Number(value);
  return step >= 1 && step <= total ? step : null;
}
