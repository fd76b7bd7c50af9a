// A labelled text input with its hint and error, controlled (stepped flow) or not (plain form).

export type TextFieldProps = {
  name: string;
  label: string;
  hint?: string;
  type?: string;
  inputMode?: 'numeric';
  autoComplete?: string;
  defaultValue?: string;
  value?: string;
  onChange?: (v: string) => void;
  error?: string;
};

export function TextField(props: TextFieldProps) {
  const id = `test-${props.name}`;
  const described = [props.hint ? `${id}-hint` : '', props.error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="form-field">
      <label htmlFor={id}>{props.label}</label>
      {props.hint ? <p className="field-hint" id={`${id}-hint`}>{props.hint}</p> : null}
      <input
        id={id}
        name={props.name}
        type={props.type ?? 'text'}
        inputMode={props.inputMode}
        autoComplete={props.autoComplete}
        {...(props.onChange ? { value: props.value ?? '', onChange: (e) => props.onChange?.(e.target.value) } : { defaultValue: props.defaultValue })}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={described}
      />
      {props.error ? <p className="field-error" id={`${id}-error`}>{props.error}</p> : null}
    </div>
  );
}
