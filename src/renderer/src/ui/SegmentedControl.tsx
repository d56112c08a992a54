import { useId } from 'react';
import './SegmentedControl.css';

export interface SegmentedControlProps<V extends string> {
  /** Names the group (read before its options). */
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
  /** Hides the group's label visually (it stays for screen readers). */
  hideLabel?: boolean;
  /** Options flow onto more lines when they do not fit (`wrap`), or each keeps its label on one line (`nowrap`). */
  flow?: 'wrap' | 'nowrap' | undefined;
}

/** A few exclusive choices side by side. Native radios underneath: arrow keys move, Tab leaves. */
export function SegmentedControl<V extends string>({ label, value, options, onChange, hideLabel = false, flow }: SegmentedControlProps<V>) {
  const name = useId();
  return (
    <fieldset className={flow === undefined ? 'segmented' : `segmented segmented-${flow}`}>
      <legend className={hideLabel ? 'visually-hidden' : 'segmented-legend'}>{label}</legend>
      <div className="segmented-track">
        {options.map((option) => (
          <label key={option.value} className="segmented-option">
            <input type="radio" name={name} value={option.value} checked={option.value === value} onChange={() => onChange(option.value)} />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
