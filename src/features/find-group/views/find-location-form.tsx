import { SEARCH_OUTCOME_ID } from './search-outcome-id';
import { pathTo } from '../../../routing/path-to';
import { t } from '../../../i18n/intl';
import { Icon } from '../../../icons/icon';
import type { BlockContext } from '../../../blocks/block-context';
import { FindSearchForm } from './find-form.client';

/** The municipalities a visitor can narrow the search to, by region (district). */
export type RegionChoice = { region: string; municipalities: string[] };

/**
 * Age, postcode and (optionally) municipality, sent with GET so it works without JavaScript and the result can be
 * bookmarked. Bounds are the form schema's (age 0 to 120); whether the age fits a group is the
 * search's answer, not an input error. Ids are per block: a page may hold two of these.
 */
export function FindLocationForm({
  ctx,
  submitLabel,
  idPrefix,
  values,
  errors,
  regions = [],
}: {
  ctx: BlockContext;
  submitLabel?: string | null;
  idPrefix: string;
  /** The searched values (kept after a search) and each field's validation message next to it. */
  values?: { age?: string; postcode?: string; municipality?: string };
  errors?: { age?: string; postcode?: string };
  /** Municipalities by region; without any, the field is left out. */
  regions?: RegionChoice[];
}) {
  const municipality = `${idPrefix}-municipality`;
  const age = `${idPrefix}-age`;
  const postcode = `${idPrefix}-postcode`;
  const hint = `${postcode}-hint`;
  const ageError = errors?.age ? `${age}-error` : undefined;
  const postcodeError = errors?.postcode ? `${postcode}-error` : undefined;
  // The locations page (in the visitor's language) answers the search: it reads `age`,
  // `postcode` and `municipality` from the address. Its outcome (`#zoekresultaat`) is where
  // the visitor lands, also on a phone where the form above it fills the first screen.
  return (
    <FindSearchForm action={`${pathTo('locaties', ctx.locale)}#${SEARCH_OUTCOME_ID}`}>
      {/* Text with a number keyboard, not type="number": that field would drop what the visitor
          typed when it is no number ("16 jaar" sent back with its message shows empty). */}
      <div className="field field-age">
        <label htmlFor={age}>{t(ctx.locale, 'blocks.form.age')}</label>
        <input id={age} name="age" type="text" inputMode="numeric" pattern="[0-9]*" required autoComplete="off" defaultValue={values?.age} aria-invalid={ageError ? true : undefined} aria-describedby={ageError} />
        {ageError ? (
          <p className="form-error" id={ageError}>
            {errors?.age}
          </p>
        ) : null}
      </div>
      <div className="field field-postcode">
        <label htmlFor={postcode}>{t(ctx.locale, 'blocks.form.postcode')}</label>
        <input id={postcode} name="postcode" type="text" required autoComplete="postal-code" maxLength={8} defaultValue={values?.postcode} aria-invalid={postcodeError ? true : undefined} aria-describedby={postcodeError ? `${postcodeError} ${hint}` : hint} />
        {postcodeError ? (
          <p className="form-error" id={postcodeError}>
            {errors?.postcode}
          </p>
        ) : null}
        <p className="field-hint" id={hint}>
          {t(ctx.locale, 'blocks.form.postcodeHint')}
        </p>
      </div>
      {regions.length > 0 ? (
        <div className="field field-municipality">
          <label htmlFor={municipality}>
            {t(ctx.locale, 'blocks.form.municipality')} <span className="form-optional">{t(ctx.locale, 'blocks.form.optional')}</span>
          </label>
          <select id={municipality} name="municipality" defaultValue={values?.municipality ?? ''}>
            <option value="">{t(ctx.locale, 'blocks.form.anyMunicipality')}</option>
            {regions.map((r) => (
              <optgroup key={r.region} label={r.region}>
                {r.municipalities.map((m) => (
                  <option key={m} value={m}>
                    {m}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </div>
      ) : null}
      <button className="button button-primary find-submit" type="submit">
        <Icon name="search" size={20} />
        <span>{submitLabel ?? t(ctx.locale, 'blocks.form.search')}</span>
      </button>
    </FindSearchForm>
  );
}
