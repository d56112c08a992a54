import { useEffect, useRef, useState, type PointerEvent, type ReactNode, type WheelEvent } from 'react';
import { fitScale, panBy, paneView, sharedFromPane, viewTransform, zoomAt, type SharedView, type Size } from '../model/zoom';

export interface ZoomPaneProps {
  /** The picture's natural size. */
  picture: Size;
  view: SharedView;
  onView: (view: SharedView) => void;
  label: string;
  /** Reports the pane's 1:1 zoom (relative to fit), so a toolbar can offer "actual size". */
  onFit?: (fitScale: number) => void;
  children: ReactNode;
}

/**
 * A picture that zooms at the pointer (wheel, or +/- keys), pans by dragging (or arrow keys) and
 * stays inside its frame. The view is shared (`SharedView`), so several panes can move together
 * (compare); the maths is `model/zoom.ts`.
 */
export function ZoomPane({ picture, view, onView, label, onFit, children }: ZoomPaneProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [viewport, setViewport] = useState<Size>({ width: 800, height: 600 });
  const drag = useRef<{ x: number; y: number } | null>(null);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = (): void => {
      if (element.clientWidth > 0 && element.clientHeight > 0) setViewport({ width: element.clientWidth, height: element.clientHeight });
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  useEffect(() => onFit?.(fitScale(picture, viewport)), [picture, viewport, onFit]);

  const current = paneView(view, picture, viewport);
  const apply = (next: ReturnType<typeof paneView>): void => onView(sharedFromPane(next, picture, viewport));

  const onWheel = (event: WheelEvent<HTMLDivElement>): void => {
    const box = event.currentTarget.getBoundingClientRect();
    apply(zoomAt(current, Math.exp(-event.deltaY * 0.0015), { x: event.clientX - box.left, y: event.clientY - box.top }, picture, viewport));
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>): void => {
    if (event.button !== 0) return;
    drag.current = { x: event.clientX, y: event.clientY };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>): void => {
    if (!drag.current) return;
    const dx = event.clientX - drag.current.x;
    const dy = event.clientY - drag.current.y;
    drag.current = { x: event.clientX, y: event.clientY };
    apply(panBy(current, dx, dy, picture, viewport));
  };
  const centre = { x: viewport.width / 2, y: viewport.height / 2 };

  return (
    <div
      ref={ref}
      className="zoom-pane"
      role="img"
      aria-label={label}
      tabIndex={0}
      onWheel={onWheel}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={() => (drag.current = null)}
      onPointerCancel={() => (drag.current = null)}
      onDoubleClick={(event) => {
        const box = event.currentTarget.getBoundingClientRect();
        const point = { x: event.clientX - box.left, y: event.clientY - box.top };
        apply(view.zoom > 1.01 ? paneView({ zoom: 1, fx: 0, fy: 0 }, picture, viewport) : zoomAt(current, 1 / current.scale, point, picture, viewport));
      }}
      onKeyDown={(event) => {
        const step = 40;
        const keys: Record<string, () => ReturnType<typeof paneView>> = {
          '+': () => zoomAt(current, 1.25, centre, picture, viewport),
          '=': () => zoomAt(current, 1.25, centre, picture, viewport),
          '-': () => zoomAt(current, 0.8, centre, picture, viewport),
          '0': () => paneView({ zoom: 1, fx: 0, fy: 0 }, picture, viewport),
          ArrowLeft: () => panBy(current, step, 0, picture, viewport),
          ArrowRight: () => panBy(current, -step, 0, picture, viewport),
          ArrowUp: () => panBy(current, 0, step, picture, viewport),
          ArrowDown: () => panBy(current, 0, -step, picture, viewport),
        };
        const move = keys[event.key];
        // Arrows pan only when zoomed in; otherwise they are the page's (previous / next).
        if (!move || (event.key.startsWith('Arrow') && view.zoom <= 1.001)) return;
        event.preventDefault();
        event.stopPropagation();
        apply(move());
      }}
    >
      <div
        className="zoom-picture"
        style={{
          width: picture.width,
          height: picture.height,
          marginLeft: -picture.width / 2,
          marginTop: -picture.height / 2,
          transform: viewTransform(current),
        }}
      >
        {children}
      </div>
    </div>
  );
}
