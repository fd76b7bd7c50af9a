import type { Locale } from '../../i18n/locale';
import { inputTypeFor, KEYBOARD } from '../../forms/input-type';
import { UPLOAD_ACCEPT } from '../../forms/upload-types';
import type { FieldSpec } from '../../forms/definitions/types';

export type FieldProps = {
  form: string;
  spec: FieldSpec;
  locale: Locale;
  value: string;
  checked: boolean;
  error: string | null;
  optionalText: string;
  disabled: boolean;
  onInput?: (value: string | boolean | File | null) => void;
  onBlur?: () => void;
};

export const fieldId = (form: string, name: string) => `${form}-${name}`;

/** One labelled input with its hint and its error, tied together for screen readers. */
export function FormField(p: FieldProps) {
  const id = fieldId(p.form, p.spec.name);
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [p.spec.hint ? hintId : '', p.error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name: p.spec.name,
    disabled: p.disabled,
    'aria-invalid': p.error ? true : undefined,
    'aria-describedby': describedBy,
    'aria-required': p.spec.optional ? undefined : true,
    onBlur: p.onBlur,
  };
  const labelText = (
    <>
      {p.spec.label[p.locale]}
      {p.spec.optional ? <span className="form-optional"> {p.optionalText}</span> : null}
    </>
  );
  let control;
  if (p.spec.type === 'choice') return <ChoiceField {...p} id={id} errorId={errorId} hintId={hintId} describedBy={describedBy} />;
  if (p.spec.type === 'checkbox') {
    control = (
      <label className="form-check" htmlFor={id}>
        <input {...common} type="checkbox" value="on" defaultChecked={p.checked} onChange={(e) => p.onInput?.(e.currentTarget.checked)} />
        <span>{labelText}</span>
      </label>
    );
  } else if (p.spec.type === 'textarea') {
    control = <textarea {...common} rows={5} defaultValue={p.value} onInput={(e) => p.onInput?.(e.currentTarget.value)} />;
  } else if (p.spec.type === 'file') {
    control = <input {...common} type="file" accept={UPLOAD_ACCEPT} onChange={(e) => p.onInput?.(e.currentTarget.files?.[0] ?? null)} />;
  } else {
    // Drawn from the value it starts with (the answer to a post), never changed while typing.
    const type = inputTypeFor(p.spec.type, p.value);
    const inputMode = p.spec.inputMode ?? (type === p.spec.type ? undefined : KEYBOARD[p.spec.type]);
    control = <input {...common} type={type} autoComplete={p.spec.autoComplete} inputMode={inputMode} defaultValue={p.value} onInput={(e) => p.onInput?.(e.currentTarget.value)} />;
  }
  return (
    <div className={`form-field form-field-${p.spec.type}${p.error ? ' has-error' : ''}`}>
      {p.spec.type === 'checkbox' ? null : (
        <label className="form-label" htmlFor={id}>
          {labelText}
        </label>
      )}
      {p.spec.hint ? (
        <p className="form-hint" id={hintId}>
          {p.spec.hint[p.locale]}
        </p>
      ) : null}
      {control}
      {p.error ? (
        <p className="form-error" id={errorId}>
          {p.error}
        </p>
      ) : null}
    </div>
  );
}

/** The id of one option of a choice field; the first option has the field's own id, so a
 * problem with the field focuses it. */
export const optionId = (form: string, spec: FieldSpec, value: string) =>
  spec.options?.[0]?.value === value ? fieldId(form, spec.name) : `${fieldId(form, spec.name)}-${value}`;

/** A group of radio buttons under its question, with the hint and the error for the group. */
function ChoiceField(p: FieldProps & { id: string; errorId: string; hintId: string; describedBy?: string }) {
  const legendId = `${p.id}-legend`;
  return (
    <fieldset
      className={`form-field form-field-choice${p.error ? ' has-error' : ''}`}
      role="radiogroup"
      aria-labelledby={legendId}
      aria-describedby={p.describedBy}
      aria-invalid={p.error ? true : undefined}
      aria-required={p.spec.optional ? undefined : true}
    >
      <legend className="form-label" id={legendId}>
        {p.spec.label[p.locale]}
      </legend>
      {p.spec.hint ? (
        <p className="form-hint" id={p.hintId}>
          {p.spec.hint[p.locale]}
        </p>
      ) : null}
      <div className="form-choices">
        {(p.spec.options ?? []).map((option) => {
          const id = optionId(p.form, p.spec, option.value);
          return (
            <label key={option.value} className="form-choice" htmlFor={id}>
              <input
                id={id}
                type="radio"
                name={p.spec.name}
                value={option.value}
                defaultChecked={p.value === option.value}
                disabled={p.disabled}
                onChange={(e) => e.currentTarget.checked && p.onInput?.(option.value)}
                onBlur={p.onBlur}
              />
              <span>{option.label[p.locale]}</span>
            </label>
          );
        })}
      </div>
      {p.error ? (
        <p className="form-error" id={p.errorId}>
          {p.error}
        </p>
      ) : null}
    </fieldset>
  );
}
