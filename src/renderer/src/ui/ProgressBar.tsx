import './ProgressBar.css';
export interface ProgressBarProps {
  /** Names the bar ("Uploading sky.png"). */
  label: string;
  /** 0 to 1; null while the amount of work is not known (an animated bar). */
  value: number | null;
  /** How the value reads (`"3 of 8"`); a percentage by default. */
  valueText?: string;
  size?: 'md' | 'sm';
  /** A class for the bar's place in its container (its width, its margins). */
  className?: string | undefined;
}

/** Progress of long work, as `role="progressbar"` with its value for screen readers. */
export function ProgressBar({ label, value, valueText, size = 'md', className }: ProgressBarProps) {
  const clamped = value === null ? null : Math.min(1, Math.max(0, value));
  const percent = clamped === null ? undefined : Math.round(clamped * 100);
  return (
    <div
      className={['progress', size === 'sm' ? 'progress-sm' : null, clamped === null ? 'progress-indeterminate' : null, className].filter(Boolean).join(' ')}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={valueText ?? (percent === undefined ? undefined : `${percent}%`)}
    >
      <span className="progress-fill" style={{ width: percent === undefined ? undefined : `${percent}%` }} />
    </div>
  );
}
