import { useId } from 'react';
import './field.css';
import './Switch.css';

export interface SwitchProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  help?: string | undefined;
  disabled?: boolean;
  /** A class for the switch's place in its container (its width). */
  className?: string | undefined;
}

/** An on/off setting that applies at once (`role="switch"`; Space and Enter toggle it). */
export function Switch({ label, checked, onChange, help, disabled = false, className }: SwitchProps) {
  const id = useId();
  return (
    <div className={className === undefined ? 'switch-field' : `switch-field ${className}`}>
      <button
        type="button"
        role="switch"
        id={id}
        className="switch"
        aria-checked={checked}
        aria-describedby={help ? `${id}-help` : undefined}
        disabled={disabled}
        onClick={() => onChange(!checked)}
      >
        <span className="switch-thumb" aria-hidden="true" />
      </button>
      <div className="switch-text">
        <label htmlFor={id}>{label}</label>
        {help && (
          <p id={`${id}-help`} className="field-help">
            {help}
          </p>
        )}
      </div>
    </div>
  );
}
