// The find-a-group search: age and postcode, optionally narrowed to a
// municipality or region. Whether the age fits a group is the search's answer, not a
// validation error; here only the input bounds 0 to 120 apply.
import { z } from 'zod';
import { translator } from '../../../forms/messages/index';
import type { Locale } from '../../../i18n/locale';
import { isEmpty } from '../../../forms/rules';
import { postcodeArea } from '../../../forms/postcode';
import { optionalText, whenFieldsParsed } from '../../../forms/fields/fields';
import { ageField } from '../../../forms/fields/numbers-dates';
import { postcodeField } from '../../../forms/fields/postcode-field';

export interface FindLocationOptions {
  /**
   * The four-digit postcode areas of a municipality or region, when the caller knows them
   * (the districts list does). Undefined means "unknown here": the search decides.
   */
  readonly postcodeAreasOf?: (municipality: string) => readonly string[] | undefined;
}

export function findLocationSchema(locale: Locale, options: FindLocationOptions = {}) {
  const t = translator(locale);
  return z
    .object({
      age: ageField(t),
      postcode: postcodeField(t, { invalid: 'findLocation.postcodeInvalid' }),
      municipality: optionalText(t),
    })
    .superRefine(
      (form, ctx) => {
        if (form.municipality === undefined || !options.postcodeAreasOf) return;
        const areas = options.postcodeAreasOf(form.municipality);
        const area = postcodeArea(form.postcode);
        if (areas && area !== undefined && !areas.includes(area)) {
          const message = t('findLocation.postcodeInvalid');
          ctx.addIssue({ code: 'custom', path: ['postcode'], message, input: form.postcode });
        }
      },
      { when: whenFieldsParsed('postcode', 'municipality') },
    )
    .superRefine(
      // A summary above the form, next to each field's own message.
      (form, ctx) => {
        const raw = form as Record<string, unknown>;
        if (isEmpty(raw.age) || isEmpty(raw.postcode)) {
          ctx.addIssue({ code: 'custom', path: [], message: t('findLocation.incomplete'), input: form });
        }
      },
      { when: () => true },
    );
}

export type FindLocationForm = z.output<ReturnType<typeof findLocationSchema>>;
