// The mails of a new submission, in the words of the form's definition: a notification to
// the foundation (in Dutch, with Reply-To set to the visitor), and a confirmation to the
// visitor where the form has one (in the visitor's language, with Reply-To set to the foundation). Both are queued in
// the durable outbox, so they go out once SMTP works, even after a crash.
import { formDefinition } from '../../src/forms/catalogue/index';
import { mailOf } from '../../src/forms/form-fields';
import type { Locale } from '../../src/i18n/locale';
import type { Mailer } from './mailer';
import { confirmationMail, notificationMail } from './templates';

export type FormMailInput = {
  form: string;
  /** The submission's id: names it in the notification, and keeps a replay from mailing twice. */
  id: string;
  data: Record<string, unknown>;
  locale: Locale;
  confirm: boolean;
};

export type FormMails = { notify(input: FormMailInput): void };

/** Enough to catch a value that cannot be an address; the form's schema checked it properly. */
const ADDRESS = /^[^\s@<>,;"]+@[^\s@<>,;"]+$/;

export function createFormMails(options: { mailer: Pick<Mailer, 'queue'>; mailTo: string }): FormMails {
  const { mailer, mailTo } = options;
  return {
    notify({ form, id, data, locale, confirm }) {
      // A form without mail texts sends no mail.
      const def = formDefinition(form);
      const mail = def && mailOf(def);
      if (!mail) return;
      const visitor = typeof data.email === 'string' && ADDRESS.test(data.email.trim()) ? data.email.trim() : undefined;
      const notification = notificationMail(mail, data, 'nl', { submissionId: id, visitorLocale: locale });
      mailer.queue({ ...notification, to: mailTo, replyTo: visitor, kind: `${form}.notification`, submissionId: id });
      if (confirm && mail.confirmation && visitor) {
        mailer.queue({ ...confirmationMail(mail.confirmation, data, locale), to: visitor, replyTo: mailTo, kind: `${form}.confirmation`, submissionId: id });
      }
    },
  };
}
