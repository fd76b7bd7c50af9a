// One form post, whatever the form: read the body, keep its answers to plain text, resolve what
// the hidden context fixes, make sure a person sent it (not for a move between steps), validate
// with the same schema as the browser, then answer the errors, ask to confirm (without
// JavaScript, when the fill time cannot vouch for the post), or hand the valid data to the
// form's hooks (by default: store durably, notify, answer "sent").
import type { Request, Response } from 'express';
import { UPLOAD_LIMIT_MB } from '../../src/forms/constants';
import { fileFieldsOf, multilineFieldsOf } from '../../src/forms/catalogue/index';
import type { FormDefinition } from '../../src/forms/definitions/types';
import { formatMessage } from '../../src/forms/messages/index';
import { t } from '../../src/i18n/intl';
import type { Locale } from '../../src/i18n/locale';
import { validateForm } from '../../src/forms/validate';
import { plainFields, plainText } from '../../src/forms/plain-text';
import { answerInvalid, answerNotSent } from './form-answers';
import { resolveContext } from './form-context';
import type { FormPost, PostBody } from './form-post';
import type { FormRouteDeps } from './form-post';
import { answerStep, stepMove } from './form-steps';
import { askToConfirm } from './confirm-step';
import { checkHuman } from './human-check';
import { removeUploads } from './read-body';
import { refused, REFUSALS } from './refusal';
import { NO_ANSWER, type Answer } from '../pages/answer';
import { fromPastEventPage } from './past-event';
import { storeSubmission } from './store-submission';
import { POST_FIELDS } from '../../src/forms/post-protocol';

export async function handleFormPost(req: Request, res: Response, def: FormDefinition, deps: FormRouteDeps): Promise<Answer> {
  const hooks = def.hooks ? deps.hooks[def.hooks] : storeSubmission;
  const body = await hooks.readBody(req, res, def, deps);
  const { fields, files } = body;
  const locale: Locale = fields._locale === 'en' ? 'en' : 'nl';
  // The client is gone (or Node's request timeout answered it): nobody to answer.
  if (body.failure === 'aborted') return NO_ANSWER;
  if (body.failure === 'too-slow') return refused(req, REFUSALS.tooSlow, fields);
  if (body.failure === 'malformed') return refused(req, REFUSALS.badRequest, fields);
  // Every answer of every form, with JavaScript or without, is plain text from here on: what
  // is stored, mailed and exported never carries a control character (plain-text.ts).
  plainFields(fields, multilineFieldsOf(def));
  for (const file of files) file.originalName = plainText(file.originalName, { multiline: false });
  if (await fromPastEventPage(fields[POST_FIELDS.page], deps.content)) {
    await removeUploads(files);
    return refused(req, REFUSALS.eventPast, fields);
  }

  const post: FormPost = { req, res, def, deps, locale, fields, files, writes: true };
  // What the hidden context fixes comes first: every answer below, the form again included,
  // shows the group the visitor chose (a sign-up's page without it shows no form at all). A
  // sign-up for an event that is over, or for none, goes no further: the form again says why.
  const resolved = await resolveContext(def, fields, locale, { groups: deps.groups, content: deps.content });
  if (resolved && 'refused' in resolved) {
    await removeUploads(files);
    const refusal = REFUSALS[resolved.refused];
    return answerNotSent(post, t(locale, refusal.message), refusal.status);
  }
  if (resolved) Object.assign(fields, resolved.fields);
  if (resolved?.unverified) logUnverified(post, resolved.fields);
  const schema = def.schema(locale, resolved?.options);

  // Moving between steps stores nothing: no captcha yet, that comes with the real submit.
  const move = stepMove(def, fields);
  if (move) {
    await removeUploads(files);
    const result = validateForm(schema, hooks.input(post), locale);
    return answerStep(post, hooks, move, result.ok ? {} : { ...result.errors });
  }

  const human = await checkHuman(post, hooks);
  if (human.kind === 'refused') {
    await removeUploads(files);
    return human.answer;
  }
  if (human.kind === 'person') post.writes = human.writes;
  const result = validateForm(schema, hooks.input(post), locale);
  const errors = result.ok ? (hooks.check?.(post, result.data) ?? {}) : { ...result.errors };
  const fileError = uploadError(body, locale);
  if (fileError) errors[body.badField ?? fileFieldsOf(def)[0] ?? 'cv'] = fileError;
  // A mistake is answered with its messages whatever the fill time said: nothing is kept yet,
  // and the visitor (or a form sent before its scripts loaded) sees what to correct. A
  // confirmation with a mistake spent its question's stamp: the form again gets a fresh one, so
  // the corrected form is judged as any post, not asked to confirm once more.
  if (!result.ok || Object.keys(errors).length > 0) {
    await removeUploads(files);
    const stamp = human.kind === 'person' && human.confirmed ? 'fresh' : 'carried';
    return answerInvalid(post, hooks, errors, result.ok ? [] : [...result.formErrors], stamp);
  }
  // Its uploads wait for the confirmation.
  if (human.kind === 'confirm') return askToConfirm(post, hooks);
  return hooks.accept(post, result.data);
}

/** A context taken on trust, for staff to check: which group or event the visitor named. */
function logUnverified({ def, deps }: FormPost, fields: Record<string, string>): void {
  if (fields.event !== undefined) deps.logger.warn({ form: def.name, event: fields.event }, 'event lookup failed (content service unreachable); sign-up taken on trust');
  else deps.logger.warn({ form: def.name, group: fields.location }, 'group lookup failed (content service unreachable); age checked against the general limits');
}

/** Nothing of a refused upload was kept: its field gets the reason instead of "no CV". */
function uploadError(body: PostBody, locale: Locale): string | null {
  if (body.failure === 'too-large') return formatMessage(locale, 'upload.tooLarge', { max: UPLOAD_LIMIT_MB });
  if (body.failure === 'bad-type') return formatMessage(locale, 'upload.typeNotAllowed');
  if (body.failure === 'no-room') return formatMessage(locale, 'upload.noRoom');
  return null;
}
