import type { CSSProperties } from 'react';
import { Field, type FieldLook } from './Field';
import './Slider.css';

export interface SliderProps {
  label: string;
  value: number;
  min: number;
  max: number;
  step?: number;
  onChange: (value: number) => void;
  /** How the value reads next to the slider and to screen readers (`"40 px"`, `"80 %"`). */
  format?: (value: number) => string;
  help?: string | undefined;
  look?: FieldLook | undefined;
  /** A class for the slider's place in its container (its width). */
  className?: string | undefined;
  /** The room kept for the value, so the slider does not move as it changes (`4ch` by default). */
  valueWidth?: string | undefined;
}

/** A native range input (arrow keys, Page Up/Down, Home/End) with its value shown beside it. */
export function Slider({ label, value, min, max, step = 1, onChange, format = String, help, look, className, valueWidth }: SliderProps) {
  const shown = format(value);
  return (
    <Field label={label} help={help} look={look} className={['slider-field', className].filter(Boolean).join(' ')}>
      {(control) => (
        <div className="slider">
          <input
            {...control}
            type="range"
            min={min}
            max={max}
            step={step}
            value={value}
            aria-valuetext={shown}
            style={{ '--fill': `${((value - min) / (max - min || 1)) * 100}%` } as CSSProperties}
            onChange={(event) => onChange(Number(event.target.value))}
          />
          <output htmlFor={control.id} className="slider-value" style={valueWidth === undefined ? undefined : { minWidth: valueWidth }}>
            {shown}
          </output>
        </div>
      )}
    </Field>
  );
}
