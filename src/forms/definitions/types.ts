// What one form of the site is, in one place: its rules, its fields as the page shows them,
// its steps, where a submission goes, its mails, and how a post proves a person sent it.
// Browser and server both read these; the server resolves what a definition only names.
import type { z } from 'zod';
import type { Locale } from '../../i18n/locale';

/** A text in both languages. */
export type Texts = Readonly<Record<Locale, string>>;

export type FieldType = 'text' | 'email' | 'password' | 'tel' | 'textarea' | 'checkbox' | 'date' | 'file' | 'choice';

/** One option of a `choice` field (a group of radio buttons). */
export type ChoiceOption = { readonly value: string; readonly label: Texts };

/** One field as the page shows it; the rules live in the form's schema, in the same file. */
export type FieldSpec = {
  readonly name: string;
  readonly type: FieldType;
  readonly label: Texts;
  /** The answer's label in the notification mail; the page's label when absent. */
  readonly mailLabel?: Texts;
  /** The step (1-based) of a form in steps that asks this field; the last step when absent. */
  readonly step?: number;
  /**
   * Not an input the page shows: a value the page fixes (the sign-up's group) or the search
   * passes on. It is still checked, counted in its step and listed in the mail.
   */
  readonly hidden?: boolean;
  readonly hint?: Texts;
  readonly optional?: boolean;
  /**
   * How the field reads in a hidden context (`about`), named whole (`keep-me-posted:too-young`)
   * or by its kind (`event`: any `event:{slug}`): required there, or optional with words of its
   * own. The form's schema says the same of its rule.
   */
  readonly inContext?: Readonly<Record<string, FieldInContext>>;
  /** The field this one asks again (a new password typed twice): required, but its schema
   * speaks only once that field is right, so an empty form says "missing" once. */
  readonly repeats?: string;
  readonly autoComplete?: string;
  /** The options of a `choice` field, in the order shown. */
  readonly options?: readonly ChoiceOption[];
  /** What the field holds before the visitor chooses (a `choice` field's usual answer). */
  readonly defaultValue?: string;
  /** Typing here picks this option of another `choice` field ("another amount"). */
  readonly picks?: { readonly field: string; readonly value: string };
  /** How the field reads its text in: `decimal` opens a number keyboard on phones. */
  readonly inputMode?: 'decimal';
};

/** What a hidden context changes of a field (`FieldSpec.inContext`). */
export type FieldInContext = Partial<Pick<FieldSpec, 'optional' | 'label' | 'hint'>>;

/** A step of a form in steps: its title. Each field names its step (`FieldSpec.step`). */
export type FormStep = { readonly title: Texts };

/** What the page (or, on the server, the hidden context) fixes that the schema needs.
 * `event`: the name of the event a sign-up is for (the form sits on the event's page). */
export type SchemaOptions = { location?: string; minAge?: number; maxAge?: number; variant?: string; event?: string };

/**
 * What the server looks up from the form's hidden context, never trusting the visitor's copy:
 * `group` (`group:{slug}`, a sign-up: the group and its age range, from content),
 * `variant` (`{form}:{variant}`, one of `variants`), or
 * `event` (`event:{slug}`, the form on an event's page: a sign-up for that event, which must be
 * in content and still to come; without such a context the form is its usual self).
 */
export type FormContext = { readonly kind: 'group' } | { readonly kind: 'variant'; readonly variants: readonly string[] } | { readonly kind: 'event' };

/**
 * How a post shows a person sent it. `on-submit`: the real submit (not a move between steps)
 * carries a solved captcha, or, without JavaScript, an empty honeypot and a form that was on
 * screen long enough (under a stricter rate limit).
 */
export type CaptchaClass = 'on-submit';

/** Which per-client limit counts the form's posts. `form-posts`: a budget per form, past which
 * a post is refused. `results`: the answer is a result to read (the loneliness test), never
 * refused for volume; only what it stores or mails is limited. */
export type RateLimitClass = 'form-posts' | 'results';

/** Server-side hooks that take over from the usual store-and-notify of a submission. */
export type ServerHooks = 'loneliness-test' | 'donation' | 'account';

type Data = Readonly<Record<string, unknown>>;

/** A mail's text in both languages, or, where it depends on the answers (the event a sign-up
 * is for), made from them. */
export type MailTexts = Texts | ((data: Data) => Texts);

/** The words for each stored value of a field. */
export type ValueWords = Readonly<Record<string, Texts>>;

export type FormMail = {
  /** The notification's subject: "Sollicitatie". */
  readonly label: MailTexts;
  /** What came in, in the notification's first line: "een nieuwe sollicitatie". */
  readonly what: MailTexts;
  /**
   * The order the notification lists the answers in, when it is not the fields' order.
   * Answers of no field follow under their own key.
   */
  readonly order?: readonly string[];
  /** Answers shown as words rather than as stored (a keep-me-posted variant), per field. */
  readonly values?: Readonly<Record<string, ValueWords>>;
  /** The visitor's confirmation (thanks and what happens next); without it none is sent. */
  readonly confirmation?: { readonly subject: MailTexts; readonly thanks: MailTexts; readonly next: (data: Data) => Texts };
};

/** A form's mail with the label of each answer, read off its fields (`mailOf`). */
export type MailWithLabels = FormMail & { readonly fields: Readonly<Record<string, Texts>> };

export type FormDefinition = {
  /** In the URL (`POST /forms/{name}`), the page's form state and the mails' kinds. */
  readonly name: string;
  readonly schema: (locale: Locale, options?: SchemaOptions) => z.ZodType;
  /** The visitor's fields in page order (hidden ones where their answer belongs). A form with a view of its own lists none here. */
  readonly fields: readonly FieldSpec[];
  readonly steps?: readonly FormStep[];
  /** Content-service collection the outbox delivers a submission to (`POST /{collection}`). */
  readonly collection: string;
  readonly context?: FormContext;
  readonly captcha: CaptchaClass;
  readonly rateLimit: RateLimitClass;
  /** The mails of a new submission; without it none are sent. */
  readonly mail?: FormMail;
  readonly hooks?: ServerHooks;
};
