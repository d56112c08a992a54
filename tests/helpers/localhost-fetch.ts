import { lookup } from 'node:dns';
import { Agent, fetch as undiciFetch, type RequestInit } from 'undici';

/**
 * `fetch` that reaches `*.localhost` names on this computer, as browsers do (the system's resolver
 * here hands them to DNS): how a test talks to web mode under its per-run host name.
 */
const loopbackNames = new Agent({
  connect: {
    lookup: (hostname, options, callback) => {
      if (!hostname.endsWith('.localhost')) return lookup(hostname, options, callback);
      if (options.all === true) return callback(null, [{ address: '127.0.0.1', family: 4 }]);
      return callback(null, '127.0.0.1', 4);
    },
  },
});

export function localhostFetch(url: string, init: RequestInit = {}): ReturnType<typeof undiciFetch> {
  return undiciFetch(url, { ...init, dispatcher: loopbackNames });
}
