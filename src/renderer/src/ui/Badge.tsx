import type { ReactNode } from 'react';
import './Badge.css';

export type BadgeTone = 'neutral' | 'accent' | 'ok' | 'warning' | 'danger';

/** A small label or count beside something ("Key stored", "3"). */
export function Badge({ tone = 'neutral', children, label }: { tone?: BadgeTone; children: ReactNode; label?: string }) {
  return (
    <span className={`badge badge-${tone}`} aria-label={label}>
      {children}
    </span>
  );
}
