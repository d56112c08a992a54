// How the gateway client reaches the network: through the proxy the environment names
// (HTTPS_PROXY / HTTP_PROXY, except hosts in NO_PROXY), trusting the operating system's certificate
// store as well as Node's own, so studios behind a corporate proxy or TLS inspection work.
import tls from 'node:tls';
import { Agent, EnvHttpProxyAgent, type Dispatcher } from 'undici';

/** What the client is told about the network; read from the process at start unless given. */
export interface NetworkSettings {
  /** `HTTPS_PROXY`, `HTTP_PROXY` and `NO_PROXY` (upper or lower case, as curl reads them). */
  env: Record<string, string | undefined>;
  /** Certificate authorities to trust (PEM); undefined leaves Node's defaults. */
  ca: string[] | undefined;
}

export interface ProxyEnvironment {
  httpsProxy: string | undefined;
  httpProxy: string | undefined;
  noProxy: string | undefined;
}

const pick = (env: Record<string, string | undefined>, name: string): string | undefined => {
  const value = env[name.toLowerCase()] ?? env[name.toUpperCase()];
  return value === undefined || value.trim() === '' ? undefined : value.trim();
};

/** The proxy variables, lower case first (curl's order); HTTPS_PROXY falls back to HTTP_PROXY. */
export function proxyEnvironment(env: Record<string, string | undefined>): ProxyEnvironment {
  const httpProxy = pick(env, 'http_proxy');
  return { httpProxy, httpsProxy: pick(env, 'https_proxy') ?? httpProxy, noProxy: pick(env, 'no_proxy') };
}

/** A gateway on this computer (the demo gateway, a local proxy the user runs) is never reached through a proxy. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * The certificate authorities of the operating system's store together with Node's bundled ones,
 * where the runtime can read the store (`tls.getCACertificates`, Node 22.15+ and Electron's Node);
 * undefined elsewhere, where Node's defaults apply (plus `NODE_EXTRA_CA_CERTS`, which Node reads itself).
 */
export function systemCertificates(read: ((type: 'default' | 'system') => string[]) | undefined = readCertificates()): string[] | undefined {
  if (read === undefined) return undefined;
  try {
    const system = read('system');
    return system.length === 0 ? undefined : [...new Set([...read('default'), ...system])];
  } catch {
    return undefined;
  }
}

function readCertificates(): ((type: 'default' | 'system') => string[]) | undefined {
  const candidate = (tls as { getCACertificates?: (type: 'default' | 'system') => string[] }).getCACertificates;
  return typeof candidate === 'function' ? candidate.bind(tls) : undefined;
}

let processNetwork: NetworkSettings | undefined;
/** The network of this process: its environment and the system's certificates, read once. */
export function processNetworkSettings(): NetworkSettings {
  processNetwork ??= { env: process.env, ca: systemCertificates() };
  return processNetwork;
}

export interface DispatcherTimeouts {
  connectMs: number;
  headersMs: number;
  bodyMs: number;
}

/**
 * The dispatcher for one gateway: direct for a gateway on this computer; otherwise through the
 * environment's proxy (a CONNECT tunnel for https) unless NO_PROXY names the host, with the trusted
 * certificate authorities for the gateway's own TLS in either case.
 */
export function gatewayDispatcher(baseUrl: string, timeouts: DispatcherTimeouts, network: NetworkSettings): Dispatcher {
  const tlsOptions = { timeout: timeouts.connectMs, ...(network.ca === undefined ? {} : { ca: network.ca }) };
  const common = { headersTimeout: timeouts.headersMs, bodyTimeout: timeouts.bodyMs, connect: tlsOptions };
  const proxy = proxyEnvironment(network.env);
  if (isLoopbackHost(new URL(baseUrl).hostname) || (proxy.httpsProxy === undefined && proxy.httpProxy === undefined)) return new Agent(common);
  return new EnvHttpProxyAgent({
    ...common,
    httpProxy: proxy.httpProxy ?? '',
    httpsProxy: proxy.httpsProxy ?? '',
    noProxy: proxy.noProxy ?? '',
    // The gateway's TLS inside the tunnel; the proxy's own TLS when its address is https.
    requestTls: tlsOptions,
    proxyTls: tlsOptions,
  });
}
