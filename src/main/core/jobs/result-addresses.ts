/**
 * Where result downloads may connect. Result addresses come from the gateway's answers, so a
 * hostile or broken gateway could point them at this computer or the user's network (a router's
 * admin page, a cloud metadata service). A result is fetched only from public addresses, with one
 * exception: the gateway's own host and port (the demo gateway, a proxy on this network the user
 * chose), and nothing else there. Every connection (the first and each redirect) resolves the
 * name, refuses non-public addresses, and connects to the address it checked, so a name cannot
 * resolve to one address for the check and another for the connection. Behind a proxy the check
 * is the same, and the proxy is then asked for a tunnel to the name (`result-proxy.ts`).
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { buildConnector } from 'undici';
import type { ProxyTunnels } from './result-proxy';

/** Address ranges that are not the public internet (IANA special-purpose registries). */
const nonPublic = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  nonPublic.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  // The unspecified and loopback addresses, and the deprecated IPv4-compatible form (::a.b.c.d).
  ['::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  // Site-local (RFC 3879): deprecated, yet some networks still route it privately.
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  nonPublic.addSubnet(network, prefix, 'ipv6');
}

/**
 * The IPv4 address an IPv6 address carries, where it stands for that IPv4 host: mapped
 * (`::ffff:a.b.c.d`), translated (RFC 6145), NAT64 (`64:ff9b::/96`, RFC 6052) and 6to4 (`2002::/16`).
 */
function embeddedIPv4(address: ipaddr.IPv6): string | undefined {
  const parts = address.parts;
  const fromWords = (high: number, low: number): string => [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  switch (address.range()) {
    case 'ipv4Mapped':
    case 'rfc6145':
      return fromWords(parts[6] ?? 0, parts[7] ?? 0);
    case 'rfc6052':
      // Only the well-known /96 prefix puts the IPv4 address last; the local-use /48 is refused whole.
      return parts[0] === 0x64 && parts[1] === 0xff9b && parts.slice(2, 6).every((part) => part === 0) ? fromWords(parts[6] ?? 0, parts[7] ?? 0) : undefined;
    case '6to4':
      return fromWords(parts[1] ?? 0, parts[2] ?? 0);
    default:
      return undefined;
  }
}

/** True for an IP address of the public internet; an IPv6 address that carries an IPv4 one is judged by that. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').toLowerCase();
  const family = isIP(bare);
  if (family === 4) return !nonPublic.check(bare, 'ipv4');
  if (family !== 6) return false;
  const parsed = ipaddr.IPv6.parse(bare);
  const embedded = embeddedIPv4(parsed);
  if (embedded !== undefined) return isPublicAddress(embedded);
  return !nonPublic.check(parsed.toNormalizedString(), 'ipv6');
}

/** A result address led to a place downloads may not go; trying again would not help. */
export class RefusedAddressError extends Error {
  constructor(host: string, reason: string) {
    super(`The result address points at ${host}, ${reason}; results are only downloaded from public addresses.`);
    this.name = 'RefusedAddressError';
  }
}

/** What a name resolves to; the system's resolver unless a test stands in for DNS. */
export type Resolver = (name: string) => Promise<string[]>;

const systemResolver: Resolver = async (name) => (await lookup(name, { all: true, verbatim: true })).map((entry) => entry.address);

/** The addresses `host` may be reached at: itself when it is an IP, else what DNS says. */
async function addressesOf(host: string, resolve: Resolver = systemResolver): Promise<string[]> {
  const bare = host.replace(/^\[|\]$/g, '');
  if (isIP(bare) !== 0) return [bare];
  return resolve(bare);
}

/** The one host and port besides public addresses that results may come from: the gateway's own. */
export interface GatewayOrigin {
  hostname: string;
  port: number;
}

/** The host and port of a gateway's base address (its scheme's port when none is written). */
export function gatewayOriginFor(baseUrl: string): GatewayOrigin | undefined {
  try {
    const url = new URL(baseUrl);
    return { hostname: bareHost(url.hostname), port: portOf(url.port, url.protocol) };
  } catch {
    return undefined;
  }
}

function bareHost(hostname: string): string {
  return hostname.replace(/^\[|\]$/g, '').toLowerCase();
}

function portOf(port: string, protocol: string): number {
  return Number(port) || (protocol === 'https:' ? 443 : 80);
}

/** Which resolved address (and port) a result download may connect to. */
export type AddressPolicy = (address: string, port: number) => boolean;

/**
 * An undici connector that resolves the host, refuses it unless one of its addresses passes the
 * policy (public addresses) or the host and port are the gateway's own, and connects to that
 * checked address (keeping the name for TLS), or through the proxy `proxy` names for it.
 */
export function publicOnlyConnector(
  timeoutMs: number,
  options: { allowed?: AddressPolicy; gateway?: GatewayOrigin | undefined; resolve?: Resolver; proxy?: ProxyTunnels; ca?: string[] | undefined } = {},
): buildConnector.connector {
  const connect = buildConnector({ timeout: timeoutMs, ...(options.ca === undefined ? {} : { ca: options.ca }) });
  const allowed = options.allowed ?? isPublicAddress;
  return (target, callback) => {
    const port = portOf(target.port, target.protocol);
    const own = options.gateway !== undefined && options.gateway.port === port && options.gateway.hostname === bareHost(target.hostname);
    addressesOf(target.hostname, options.resolve)
      .then(async (addresses) => {
        const checked = own ? addresses[0] : addresses.find((address) => allowed(address, port));
        if (checked === undefined) throw new RefusedAddressError(target.hostname, 'which is not a public address');
        const name = bareHost(target.hostname);
        const servername = target.servername ?? (isIP(name) === 0 ? name : undefined);
        const proxy = await options.proxy?.proxyFor(target.protocol, target.hostname, port);
        if (proxy !== undefined && options.proxy !== undefined) {
          const tunnel = { protocol: target.protocol, hostname: target.hostname, port, servername };
          return options.proxy.open(proxy, tunnel).then((socket) => callback(null, socket));
        }
        connect({ ...target, hostname: checked.includes(':') ? `[${checked}]` : checked, ...(servername === undefined ? {} : { servername }) }, callback);
      })
      .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null));
  };
}
