/**
 * Gateway addresses. An API key belongs to one origin (scheme, host and port): it is sealed with
 * that origin and never sent anywhere else. Plain `http:` would show the key to anyone on the
 * path, so it is accepted only for this computer's own addresses.
 */
import type { Message } from '../i18n/translate';
import { inputMessages } from './input-messages';

/** The WHATWG URL class every runtime of the studio has (Node, browsers); shared code sees no platform types. */
declare const URL: new (input: string) => { readonly protocol: string; readonly hostname: string; readonly origin: string };

/**
 * `localhost`, 127.0.0.0/8 and `::1`: addresses that never leave this computer. Other names (even
 * `*.localhost`) may be answered by the network's DNS, so they do not count.
 */
function isLoopbackHostname(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host === '::1') return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** Why a gateway address may not carry a key (one of the studio's field messages), or undefined when it may. */
export function gatewayAddressProblem(address: string): Message | undefined {
  let url: { protocol: string; hostname: string };
  try {
    url = new URL(address);
  } catch {
    return inputMessages.gatewayAddress;
  }
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:') return isLoopbackHostname(url.hostname) ? undefined : inputMessages.gatewayPlainHttp;
  return inputMessages.gatewayAddress;
}

/** The origin (`scheme://host:port`) a key is bound to; the path of a base address does not matter. */
export function gatewayOriginOf(address: string): string {
  return new URL(address).origin;
}
