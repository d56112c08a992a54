import type { LucideIcon } from 'lucide-react';
import type { ButtonHTMLAttributes } from 'react';
import './button.css';

type ButtonVariant = 'primary' | 'secondary' | 'quiet' | 'danger';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: 'md' | 'sm' | 'lg';
  /** An icon before the label; decorative, the label names the button. */
  icon?: LucideIcon;
  /** Shows a spinner and blocks clicks while work runs (the label stays, for screen readers). */
  busy?: boolean;
}

/** The studio's button. `type` defaults to "button", so a button never submits a form by accident. */
export function Button({ variant = 'secondary', size = 'md', icon: Icon, busy = false, className, children, disabled, type = 'button', ...rest }: ButtonProps) {
  const classes = ['button', `button-${variant}`, size === 'md' ? null : `button-${size}`, className].filter(Boolean).join(' ');
  return (
    <button {...rest} type={type} className={classes} disabled={disabled === true || busy} aria-busy={busy || undefined}>
      {busy ? <span className="spinner" aria-hidden="true" /> : Icon && <Icon className="button-icon" aria-hidden="true" size={16} />}
      {children}
    </button>
  );
}
