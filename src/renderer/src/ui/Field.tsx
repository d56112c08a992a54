import { useId, type ReactNode } from 'react';
import './field.css';

/** The ids and ARIA attributes a control inside a `Field` must carry. */
interface FieldControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
}

/** How a field sits: its label beside the control (`inline`), a muted label (`quiet`), small text (`small`). */
export interface FieldLook {
  inline?: boolean;
  quiet?: boolean;
  small?: boolean;
}

/** The class names of a field's root for a look (and an extra class of the caller's, for its layout). */
function fieldClasses(look: FieldLook = {}, className?: string): string {
  return ['field', look.inline ? 'field-inline' : null, look.quiet ? 'field-quiet' : null, look.small ? 'field-small' : null, className]
    .filter(Boolean)
    .join(' ');
}

export interface FieldProps {
  label: string;
  /** A sentence under the field, read with it by screen readers. */
  help?: string | undefined;
  /** What is wrong, shown under the field and announced with it. */
  error?: string | undefined;
  /** A class for the field's place in its container (its width, its flex share); the look is `look`'s. */
  className?: string | undefined;
  look?: FieldLook | undefined;
  /** Renders the control with the props that tie it to the label, help and error. */
  children: (control: FieldControlProps) => ReactNode;
}

/** Label, control, help and error, tied together for assistive technology. */
export function Field({ label, help, error, className, look, children }: FieldProps) {
  const id = useId();
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  const describedBy = [help ? helpId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={fieldClasses(look, className)}>
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
      {help && (
        <p id={helpId} className="field-help">
          {help}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
