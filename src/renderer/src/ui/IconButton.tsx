import type { LucideIcon } from 'lucide-react';
import type { ButtonHTMLAttributes } from 'react';
import './button.css';

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label' | 'children'> {
  /** The accessible name, also shown as a tooltip: an icon alone never names a control. */
  label: string;
  icon: LucideIcon;
  variant?: 'quiet' | 'secondary' | 'danger';
  size?: 'md' | 'sm';
  /** For toggles (bold, favourite): announced as pressed. */
  pressed?: boolean;
}

/** A square button with only an icon, named by `label`. */
export function IconButton({ label, icon: Icon, variant = 'quiet', size = 'md', pressed, className, type = 'button', ...rest }: IconButtonProps) {
  const classes = ['icon-button', `button-${variant}`, size === 'sm' ? 'icon-button-sm' : null, className].filter(Boolean).join(' ');
  return (
    <button {...rest} type={type} className={classes} aria-label={label} title={label} aria-pressed={pressed}>
      <Icon aria-hidden="true" size={size === 'sm' ? 16 : 18} />
    </button>
  );
}
