// The part of x11 (a plain JavaScript X11 client without type declarations) that system-keys.ts uses.
declare module 'x11' {
  type Callback<T> = (error: Error | null | undefined, value: T) => void;
  export interface XTest {
    KeyPress: number;
    KeyRelease: number;
    FakeInput(type: number, keycode: number, time: number, window: number, x: number, y: number): void;
  }
  export interface XClient {
    require(extension: 'xtest', callback: Callback<XTest>): void;
    /** The keysyms of `count` keycodes from `first`, one row per keycode. */
    GetKeyboardMapping(first: number, count: number, callback: Callback<number[][]>): void;
    /** A round trip: every request so far has been processed. */
    sync(): Promise<void>;
    close(callback?: () => void): void;
    on(event: 'error', listener: (error: Error) => void): this;
  }
  export interface Display {
    client: XClient;
    min_keycode: number;
    max_keycode: number;
    screen: { root: number }[];
  }
  const x11: { createClient(callback: Callback<Display>): XClient };
  export default x11;
}
