/**
 * Where result downloads may connect. Result addresses come from the gateway's answers, so a
 * hostile or broken gateway could point them at this computer or the user's network (a router's
 * admin page, a cloud metadata service). Unless the profile's own gateway is itself local, a
 * result is fetched only from public addresses: every connection (the first and each redirect)
 * resolves the name, refuses non-public addresses, and connects to the address it checked, so a
 * name cannot resolve to one address for the check and another for the connection.
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { buildConnector } from 'undici';

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
  ['::', 127],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  nonPublic.addSubnet(network, prefix, 'ipv6');
}

/** True for an IP address of the public internet (an IPv4-mapped or NAT64 IPv6 address is judged by its IPv4 part). */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').toLowerCase();
  const family = isIP(bare);
  if (family === 4) return !nonPublic.check(bare, 'ipv4');
  if (family !== 6) return false;
  const embedded = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(bare)?.[1];
  if (embedded !== undefined) return isPublicAddress(embedded);
  return !nonPublic.check(bare, 'ipv6');
}

/** A result address led to a place downloads may not go; trying again would not help. */
export class RefusedAddressError extends Error {
  constructor(host: string, reason: string) {
    super(`The result address points at ${host}, ${reason}; results are only downloaded from public addresses.`);
    this.name = 'RefusedAddressError';
  }
}

/** The addresses `host` may be reached at: itself when it is an IP, else what DNS says. */
async function addressesOf(host: string): Promise<string[]> {
  const bare = host.replace(/^\[|\]$/g, '');
  if (isIP(bare) !== 0) return [bare];
  return (await lookup(bare, { all: true, verbatim: true })).map((entry) => entry.address);
}

/** True when the gateway itself lives on this computer or a private network (then its results may too). */
export async function isLocalGateway(baseUrl: string): Promise<boolean> {
  try {
    const { hostname } = new URL(baseUrl);
    if (hostname === 'localhost' || hostname.endsWith('.localhost')) return true;
    return (await addressesOf(hostname)).some((address) => !isPublicAddress(address));
  } catch {
    return false;
  }
}

/** Which resolved address (and port) a result download may connect to. */
export type AddressPolicy = (address: string, port: number) => boolean;

/**
 * An undici connector that resolves the host, refuses it unless one of its addresses passes the
 * policy (public addresses), and connects to that checked address (keeping the name for TLS).
 */
export function publicOnlyConnector(timeoutMs: number, allowed: AddressPolicy = isPublicAddress): buildConnector.connector {
  const connect = buildConnector({ timeout: timeoutMs });
  return (options, callback) => {
    const port = Number(options.port) || (options.protocol === 'https:' ? 443 : 80);
    addressesOf(options.hostname)
      .then((addresses) => {
        const checked = addresses.find((address) => allowed(address, port));
        if (checked === undefined) throw new RefusedAddressError(options.hostname, 'which is not a public address');
        const name = options.hostname.replace(/^\[|\]$/g, '');
        const servername = options.servername ?? (isIP(name) === 0 ? name : undefined);
        connect({ ...options, hostname: checked.includes(':') ? `[${checked}]` : checked, ...(servername === undefined ? {} : { servername }) }, callback);
      })
      .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null));
  };
}
