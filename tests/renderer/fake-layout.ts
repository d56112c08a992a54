/**
 * happy-dom does no layout: give the window a height and each row of the timeline one, as a
 * browser would, so the virtualiser has something to work with.
 */
const realOffsetHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight');
export function fakeLayout(): void {
  Object.defineProperty(document.documentElement, 'clientHeight', { configurable: true, get: () => 900 });
  Object.defineProperty(document.documentElement, 'clientWidth', { configurable: true, get: () => 1200 });
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.classList.contains('timeline-slot') ? 80 : 0;
    },
  });
}
export function realLayout(): void {
  delete (document.documentElement as { clientHeight?: number }).clientHeight;
  delete (document.documentElement as { clientWidth?: number }).clientWidth;
  if (realOffsetHeight) Object.defineProperty(HTMLElement.prototype, 'offsetHeight', realOffsetHeight);
}
