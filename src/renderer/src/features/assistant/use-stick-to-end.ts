import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

/** How far from the end (px) still counts as reading the newest text. */
const NEAR_END = 24;

/**
 * Keeps a scrolling list at its end while the artist reads the newest entry: when `change` moves
 * (new text, a reply's buttons) and when the list changes size (a smaller window), unless they
 * scrolled up to read something older. `shown` tells when the list is (again) on the page.
 */
export function useStickToEnd(ref: RefObject<HTMLElement | null>, shown: boolean, change: unknown): void {
  const atEnd = useRef(true);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const onScroll = (): void => {
      atEnd.current = element.scrollHeight - element.scrollTop - element.clientHeight <= NEAR_END;
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    const resized =
      typeof ResizeObserver === 'function'
        ? new ResizeObserver(() => {
            if (atEnd.current) element.scrollTop = element.scrollHeight;
          })
        : null;
    resized?.observe(element);
    return () => {
      element.removeEventListener('scroll', onScroll);
      resized?.disconnect();
    };
  }, [ref, shown]);

  // Before the paint: the newest line never shows below the end for a frame and then jumps.
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    element.scrollTop = element.scrollHeight;
    atEnd.current = true;
  }, [ref, shown, change]);
}
