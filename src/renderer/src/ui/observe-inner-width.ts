import { observeElementRect, type Virtualizer } from '@tanstack/react-virtual';

interface Size {
  width: number;
  height: number;
}

/**
 * A virtualiser's size observer that also reports the width inside the scroll box's scroll bar
 * (what rows can fill), and `fallback` where there is no layout yet (a tiny window, tests).
 */
export function observeInnerWidth(fallback: Size, onWidth: (width: number) => void) {
  return (instance: Virtualizer<HTMLDivElement, Element>, callback: (rect: Size) => void) =>
    observeElementRect(instance, (rect) => {
      const known = rect.width > 0 ? rect : fallback;
      onWidth(Math.floor(instance.scrollElement?.clientWidth || known.width));
      callback(known);
    });
}
