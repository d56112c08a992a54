import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import './EmptyState.css';

export interface EmptyStateProps {
  icon: LucideIcon;
  title: string;
  body?: string;
  /** What to do next (a button or a link). */
  action?: ReactNode;
  /** Heading level of the title within its page. */
  level?: 2 | 3;
}

/** What a place shows while it has nothing: what will be here, and how to get there. */
export function EmptyState({ icon: Icon, title, body, action, level = 2 }: EmptyStateProps) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <div className="empty-state">
      <span className="empty-icon" aria-hidden="true">
        <Icon size={28} strokeWidth={1.5} />
      </span>
      <Heading className="empty-title">{title}</Heading>
      {body && <p className="empty-body">{body}</p>}
      {action && <div className="empty-action">{action}</div>}
    </div>
  );
}
