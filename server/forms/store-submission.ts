// What a valid submission of a site form does: stored durably (its uploads with it) before the
// visitor hears "sent", then the foundation notified and, where the form has one, the visitor
// confirmed. With JavaScript the answer is JSON; without, a redirect to the success state.
import path from 'node:path';
import { fileFieldsOf } from '../../src/forms/catalogue/index';
import { formatMessage } from '../../src/forms/messages/index';
import type { FormHooks } from './form-post';
import { visitorMailAllowed } from './rate-limits';
import { formReturnHref } from '../../src/routing/form-return';
import { readFormBody, removeUploads } from './read-body';
import { POST_FIELDS } from '../../src/forms/post-protocol';
import { either, json, redirect } from '../pages/answer';

export const storeSubmission: FormHooks = {
  readBody: readFormBody,

  input({ def, fields, files }) {
    const input: Record<string, unknown> = { ...fields };
    for (const f of fileFieldsOf(def)) delete input[f];
    for (const file of files) input[file.field] = { name: file.originalName, size: file.size, type: file.mime };
    return input;
  },

  async accept({ req, def, deps, locale, fields, files }, valid) {
    const data = valid as Record<string, unknown>;
    // The visitor's confirmation mail, within the budgets of mails to visitors (rate-limits.ts),
    // decided before the save, so the save and its mails stay one step.
    const confirm = Boolean(def.mail?.confirmation) && typeof data.email === 'string' && (await visitorMailAllowed(req, deps.rateLimits, deps.logger, data.email));
    // What the form was about (the vacancy or course page it sat on), when well-formed.
    if (/^[a-z-]{1,40}:[a-z0-9-]{1,120}$/.test(fields.context ?? '')) data.about = fields.context;
    for (const file of files) data[file.field] = { name: file.originalName, size: file.size, type: file.mime, stored: path.basename(path.dirname(file.path)) };
    const idempotencyKey = typeof fields._sid === 'string' && /^[\w-]{8,64}$/.test(fields._sid) ? fields._sid : undefined;
    const saved = deps.sink.save({ form: def.name, collection: def.collection, data, files, idempotencyKey });
    // A resend keeps the first submission and its files; this upload belongs to nothing.
    if (saved.duplicate) await removeUploads(files);
    else deps.sink.notify({ form: def.name, id: saved.id, data, locale, confirm });
    req.log?.info({ form: def.name, submission: saved.id, duplicate: saved.duplicate }, 'form stored');

    const message = formatMessage(locale, 'contact.success');
    // Without JavaScript: back to the page as it was, the form's success state in place of the form.
    return either(json(200, { ok: true, id: saved.id, message }), redirect(303, formReturnHref(fields[POST_FIELDS.page], { verzonden: def.name }, `formulier-${def.name}`)));
  },
};
