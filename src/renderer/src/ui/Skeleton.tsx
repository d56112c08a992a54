import './Skeleton.css';
export interface SkeletonProps {
  /** CSS width, e.g. `"60%"` or `"180px"`. */
  width?: string;
  height?: string;
  /** Several text lines, the last one shorter. */
  lines?: number;
  shape?: 'text' | 'block' | 'circle';
}

/**
 * A placeholder where content is loading. Hidden from screen readers: the region that loads
 * says so itself (`aria-busy`, or a status text).
 */
export function Skeleton({ width, height, lines = 1, shape = 'text' }: SkeletonProps) {
  if (lines > 1) {
    return (
      <span className="skeleton-lines" aria-hidden="true">
        {Array.from({ length: lines }, (_, i) => (
          <span key={i} className="skeleton skeleton-text" style={{ width: i === lines - 1 ? '60%' : width }} />
        ))}
      </span>
    );
  }
  return <span className={`skeleton skeleton-${shape}`} style={{ width, height }} aria-hidden="true" />;
}
