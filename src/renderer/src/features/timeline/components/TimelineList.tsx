import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import type { TimelineRow } from '../timeline-model';
import './TimelineList.css';

export interface TimelineListProps {
  rows: readonly TimelineRow[];
  label: string;
  /** Each row's content; its root carries `role="listitem"`. */
  renderRow: (row: TimelineRow) => ReactNode;
  /** Rows that load something when seen (an open batch's end, the timeline's end) came into view. */
  onReached: (row: TimelineRow) => void;
}

type LoadingRow = Extract<TimelineRow, { kind: 'batch-more' | 'end' }>;

/** Heights to start from; each row is measured once drawn. */
const estimate: Record<TimelineRow['kind'], number> = { batch: 124, job: 78, 'batch-more': 48, end: 72 };

/** The nearest ancestor that scrolls (the frame's main area), where the list's rows scroll with the page. */
function scrollParent(element: HTMLElement | null): HTMLElement | null {
  for (let node = element?.parentElement ?? null; node !== null; node = node.parentElement) {
    const { overflowY } = getComputedStyle(node);
    if (overflowY === 'auto' || overflowY === 'scroll') return node;
  }
  return document.scrollingElement instanceof HTMLElement ? document.scrollingElement : null;
}

/**
 * The timeline's rows, virtualised: only those near the view are in the page, however many
 * thousands of jobs the library holds. The list scrolls with the page (the frame's main area),
 * below the page's head.
 */
export function TimelineList({ rows, label, renderRow, onReached }: TimelineListProps) {
  const listRef = useRef<HTMLDivElement>(null);
  const [scroller, setScroller] = useState<HTMLElement | null>(null);
  const [margin, setMargin] = useState(0);

  useLayoutEffect(() => {
    const element = scrollParent(listRef.current);
    setScroller(element);
    if (!element || !listRef.current) return;
    // Where the list starts inside what scrolls: the page's head above it scrolls too.
    const measure = (): void => {
      if (!listRef.current) return;
      setMargin(listRef.current.getBoundingClientRect().top - element.getBoundingClientRect().top + element.scrollTop);
    };
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    observer?.observe(element);
    return () => observer?.disconnect();
  }, []);

  // The virtualiser keeps its own state; React's compiler leaves this component as written.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller,
    estimateSize: (index) => estimate[rows[index]?.kind ?? 'job'],
    getItemKey: (index) => rows[index]?.key ?? index,
    overscan: 6,
    scrollMargin: margin,
    initialRect: { width: 1000, height: 900 },
  });
  const items = virtualizer.getVirtualItems();

  // Rows that load more, once drawn: the virtualiser draws only what is near the view.
  const reached = items.map((item) => rows[item.index]).filter((row): row is LoadingRow => row?.kind === 'batch-more' || row?.kind === 'end');
  const reachedKey = reached.map((row) => `${row.key}:${row.status}`).join('|');
  const onReachedRef = useRef(onReached);
  onReachedRef.current = onReached;
  useEffect(() => {
    for (const row of reached) onReachedRef.current(row);
    // The key names exactly the rows and states that matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [reachedKey]);

  return (
    <div ref={listRef} className="timeline-list" role="list" aria-label={label} style={{ height: virtualizer.getTotalSize() }}>
      {items.map((item) => {
        const row = rows[item.index];
        if (!row) return null;
        return (
          <div
            key={item.key}
            ref={virtualizer.measureElement}
            data-index={item.index}
            role="none"
            className={`timeline-slot timeline-slot-${row.kind}`}
            style={{ transform: `translateY(${item.start - margin}px)` }}
          >
            {renderRow(row)}
          </div>
        );
      })}
    </div>
  );
}
