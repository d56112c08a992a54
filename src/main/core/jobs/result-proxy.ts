/**
 * Result downloads through the proxy the environment names, as the gateway client's requests go
 * (`core/gateway/network.ts`): a studio behind a corporate proxy that reaches the gateway must also
 * reach the addresses its results are on, or every result it paid for fails to download. The
 * address guard still runs first (`result-addresses.ts`): the name is resolved and checked here,
 * then the proxy is asked for a CONNECT tunnel to that name (proxies filter by name; the proxy's
 * own resolution is the network's), and TLS to the result's host runs inside the tunnel. What this
 * trusts: the proxy resolves the name again and connects where its answer says, so a name that
 * answers the proxy otherwise than this computer reaches what the proxy reaches (docs/security.md).
 */
import { Socket } from 'node:net';
import { buildConnector, Client } from 'undici';
import { isLoopbackHost, proxyEnvironment, systemProxyFor, type NetworkSettings } from '../gateway/network';

/** Whether NO_PROXY names the host (curl's reading: `*`, a host, or a domain with or without its leading dot, each with an optional port). */
export function bypassesProxy(hostname: string, port: number, noProxy: string | undefined): boolean {
  if (noProxy === undefined) return false;
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return noProxy
    .split(/[\s,]+/)
    .filter((entry) => entry !== '')
    .some((entry) => {
      if (entry === '*') return true;
      const [, name = '', entryPort] = /^(.*?)(?::(\d+))?$/.exec(entry.toLowerCase()) ?? [];
      if (entryPort !== undefined && Number(entryPort) !== port) return false;
      const domain = name.replace(/^\*?\./, '');
      return host === domain || host.endsWith(`.${domain}`);
    });
}

/** The proxy a result address goes through, or undefined for a direct connection (no proxy set, NO_PROXY, or this computer). */
export function proxyFor(protocol: string, hostname: string, port: number, network: NetworkSettings): URL | undefined {
  const proxy = proxyEnvironment(network.env);
  const chosen = protocol === 'https:' ? proxy.httpsProxy : proxy.httpProxy;
  if (chosen === undefined || isLoopbackHost(hostname) || bypassesProxy(hostname, port, proxy.noProxy)) return undefined;
  try {
    return new URL(chosen.includes('://') ? chosen : `http://${chosen}`);
  } catch {
    return undefined;
  }
}

export interface TunnelTarget {
  protocol: string;
  /** As in the address (an IPv6 literal in brackets). */
  hostname: string;
  port: number;
  /** The name TLS checks the certificate for; none for an address given as an IP. */
  servername: string | undefined;
}

/** Opens sockets to result hosts through the proxies `network` names: one client per proxy, kept for the fetcher's life. */
export class ProxyTunnels {
  private readonly clients = new Map<string, Client>();
  private readonly tls: { ca?: string[] };
  private readonly secure: buildConnector.connector;

  constructor(
    private readonly network: NetworkSettings,
    private readonly timeoutMs: number,
  ) {
    this.tls = network.ca === undefined ? {} : { ca: network.ca };
    this.secure = buildConnector({ timeout: timeoutMs, ...this.tls });
  }

  /** The proxy for an address, or undefined for a direct connection: the system's settings where the shell gives them, else the environment's. */
  proxyFor(protocol: string, hostname: string, port: number): Promise<URL | undefined> {
    const { resolver } = this.network;
    if (resolver !== undefined) return systemProxyFor(`${protocol}//${hostname}:${String(port)}/`, resolver);
    return Promise.resolve(proxyFor(protocol, hostname, port, this.network));
  }

  /** A socket to `target` through `proxy` (TLS inside the tunnel for https). */
  async open(proxy: URL, target: TunnelTarget): Promise<Socket> {
    const hostPort = `${target.hostname}:${String(target.port)}`;
    const credentials =
      proxy.username === ''
        ? {}
        : { 'proxy-authorization': `Basic ${Buffer.from(`${decodeURIComponent(proxy.username)}:${decodeURIComponent(proxy.password)}`).toString('base64')}` };
    const answer = await this.clientFor(proxy).connect({ path: hostPort, headers: { host: hostPort, ...credentials } });
    // Typed as a stream: the proxy connection's own socket, handed over once the proxy has answered.
    const socket = answer.socket;
    const statusCode = answer.statusCode;
    if (statusCode !== 200 || !(socket instanceof Socket)) {
      socket.destroy();
      throw new Error(`the proxy ${proxy.host} answered HTTP ${String(statusCode)} when asked for a tunnel to ${hostPort}`);
    }
    if (target.protocol !== 'https:') return socket;
    return new Promise<Socket>((resolve, reject) => {
      const named = target.servername === undefined ? {} : { servername: target.servername };
      this.secure(
        { protocol: 'https:', hostname: target.hostname, host: hostPort, port: String(target.port), ...named, httpSocket: socket },
        (error, tlsSocket) => {
          if (error !== null) reject(error);
          else resolve(tlsSocket);
        },
      );
    });
  }

  async close(): Promise<void> {
    const clients = [...this.clients.values()];
    this.clients.clear();
    await Promise.all(clients.map((client) => client.close()));
  }

  private clientFor(proxy: URL): Client {
    let client = this.clients.get(proxy.origin);
    if (client === undefined) {
      client = new Client(proxy.origin, { connect: { timeout: this.timeoutMs, ...this.tls } });
      this.clients.set(proxy.origin, client);
    }
    return client;
  }
}
