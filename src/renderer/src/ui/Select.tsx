import type { SelectHTMLAttributes } from 'react';
import { Field, type FieldLook } from './Field';

export interface SelectOption<V extends string> {
  value: V;
  label: string;
  /** The option's own language, for names of languages. */
  lang?: string;
}

export interface SelectProps<V extends string> extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value' | 'id'> {
  label: string;
  value: V;
  options: readonly SelectOption<V>[];
  onChange: (value: V) => void;
  help?: string | undefined;
  error?: string | undefined;
  look?: FieldLook | undefined;
}

/** A labelled native select: the platform's own keyboard and screen-reader behaviour, styled. */
export function Select<V extends string>({ label, value, options, onChange, help, error, className, look, ...rest }: SelectProps<V>) {
  return (
    <Field label={label} help={help} error={error} className={className} look={look}>
      {(control) => (
        <div className="select">
          <select
            {...rest}
            {...control}
            value={value}
            onChange={(event) => {
              const chosen = options.find((option) => option.value === event.target.value);
              if (chosen) onChange(chosen.value);
            }}
          >
            {options.map((option) => (
              <option key={option.value} value={option.value} lang={option.lang}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      )}
    </Field>
  );
}
