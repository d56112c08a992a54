import type { ReactNode } from 'react';
import './Page.css';

export interface PageProps {
  title: string;
  /** One sentence under the title. */
  lead?: string;
  /** Controls at the title's right (a primary action, a filter toggle). */
  actions?: ReactNode;
  /** `wide` for grids and timelines; forms keep a readable measure. */
  width?: 'readable' | 'wide';
  /** `fill`: the page takes the height it is given (in a `frame-fill` root), its head wrapping its actions. */
  layout?: 'flow' | 'fill';
  children?: ReactNode;
}

/**
 * The top of every page: its one `h1` (focused after navigation, so keyboard and screen reader
 * users start there), the lead sentence and the page's actions.
 */
export function Page({ title, lead, actions, width = 'readable', layout = 'flow', children }: PageProps) {
  return (
    <div className={layout === 'fill' ? `page page-${width} page-fill` : `page page-${width}`}>
      <header className="page-head">
        <div className="page-titles">
          <h1 tabIndex={-1}>{title}</h1>
          {lead && <p className="page-lead">{lead}</p>}
        </div>
        {actions && <div className="page-actions">{actions}</div>}
      </header>
      {children}
    </div>
  );
}
