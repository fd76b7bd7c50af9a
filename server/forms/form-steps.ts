// A post of a form in steps that only moves between them ("next step", "previous step"):
// nothing is stored and no captcha is asked yet; without JavaScript the page comes back at
// the new step with the values kept, or at this step with its errors (form-again.ts).
import { errorsUpTo, parseStep, stepsOf } from '../../src/forms/steps';
import type { FormDefinition } from '../../src/forms/definitions/types';
import { answerInvalid } from './form-answers';
import { formAgain } from './form-again';
import type { FormHooks, FormPost } from './form-post';
import { POST_FIELDS } from '../../src/forms/post-protocol';
import { either, json, type Answer } from '../pages/answer';

export type StepMove = { kind: 'next'; from: number } | { kind: 'back'; to: number };

/** A move between steps (`_back`, or `_step` before the last), or null for a real submit. */
export function stepMove(def: FormDefinition, fields: Record<string, string>): StepMove | null {
  const steps = stepsOf(def);
  if (!steps) return null;
  const back = parseStep(fields[POST_FIELDS.back], steps.length);
  if (back !== null) return { kind: 'back', to: Math.max(1, back - 1) };
  const from = parseStep(fields[POST_FIELDS.step], steps.length);
  return from !== null && from < steps.length ? { kind: 'next', from } : null;
}

export function answerStep(post: FormPost, hooks: FormHooks, move: StepMove, errors: Record<string, string>): Answer {
  const { def } = post;
  if (move.kind === 'next') {
    const blocking = errorsUpTo(stepsOf(def)!, errors, move.from);
    if (Object.keys(blocking).length > 0) return answerInvalid(post, hooks, blocking, []);
  }
  const step = move.kind === 'next' ? move.from + 1 : move.to;
  return either(json(200, { ok: true, step }), formAgain(post, hooks, { outcome: 'step', status: 200, step, stamp: 'carried' }));
}
