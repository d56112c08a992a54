import type { InputHTMLAttributes } from 'react';
import { Field, type FieldLook } from './Field';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  help?: string | undefined;
  error?: string | undefined;
  look?: FieldLook | undefined;
}

/** A labelled text input with its help and inline error. */
export function TextField({ label, value, onChange, help, error, className, look, ...rest }: TextFieldProps) {
  return (
    <Field label={label} help={help} error={error} className={className} look={look}>
      {(control) => <input {...rest} {...control} className="input" value={value} onChange={(event) => onChange(event.target.value)} />}
    </Field>
  );
}
