// How the gateway client reaches the network: through the proxy the system's settings name where
// the shell can ask them (the desktop app), else the one the environment names (HTTPS_PROXY /
// HTTP_PROXY, except hosts in NO_PROXY: web mode, the CLI), trusting the operating system's
// certificate store as well as Node's own, so studios behind a corporate proxy or TLS inspection work.
import tls from 'node:tls';
import { Agent, EnvHttpProxyAgent, ProxyAgent, type Dispatcher } from 'undici';
import { createLogger } from '../log';

const log = createLogger('network');

/**
 * The system's proxy settings, as a shell can ask them (the desktop app: Electron's session, which
 * follows PAC scripts, WPAD and the OS settings an app started from the Start menu or the Dock sees).
 */
export interface ProxyResolver {
  /** The proxies for a URL, in a PAC script's form: `DIRECT`, `PROXY host:port; DIRECT`, `HTTPS host:port`. */
  resolveProxy(url: string): Promise<string>;
}

/** What the client is told about the network; read from the process at start unless given. */
export interface NetworkSettings {
  /** `HTTPS_PROXY`, `HTTP_PROXY` and `NO_PROXY` (upper or lower case, as curl reads them). */
  env: Record<string, string | undefined>;
  /** Certificate authorities to trust (PEM); undefined leaves Node's defaults. */
  ca: string[] | undefined;
  /** The system's proxy settings; when given, they decide and `env` is not read. */
  resolver?: ProxyResolver;
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
/** The network of this process: its environment (or the system's proxy settings, once a shell gives them) and the system's certificates. */
export function processNetworkSettings(): NetworkSettings {
  processNetwork ??= { env: process.env, ca: systemCertificates() };
  return processNetwork;
}

/** The shell's access to the system's proxy settings, for every gateway client and result download of this process from now on. */
export function useSystemProxySettings(resolver: ProxyResolver): void {
  processNetwork = { env: {}, ca: processNetworkSettings().ca, resolver };
}

/**
 * The proxy a PAC-form answer names first among those this client can use (`PROXY` and `HTTPS`),
 * or undefined for `DIRECT`. SOCKS entries are passed over: undici has no SOCKS client.
 */
export function proxyFromPacAnswer(answer: string): URL | undefined {
  for (const entry of answer.split(';')) {
    const [kind = '', address] = entry.trim().split(/\s+/);
    if (kind.toUpperCase() === 'DIRECT') return undefined;
    if (address === undefined) continue;
    const scheme = kind.toUpperCase() === 'PROXY' ? 'http' : kind.toUpperCase() === 'HTTPS' ? 'https' : undefined;
    if (scheme === undefined) continue;
    try {
      return new URL(`${scheme}://${address}`);
    } catch {
      continue;
    }
  }
  return undefined;
}

/** The proxy the system's settings name for `url`, or undefined for a direct connection (their answer, this computer, or no answer). */
export async function systemProxyFor(url: string, resolver: ProxyResolver): Promise<URL | undefined> {
  if (isLoopbackHost(new URL(url).hostname)) return undefined;
  try {
    return proxyFromPacAnswer(await resolver.resolveProxy(url));
  } catch (error) {
    log.warn(`the system's proxy settings gave no answer for ${new URL(url).origin}; connecting directly`, error);
    return undefined;
  }
}

export interface DispatcherTimeouts {
  connectMs: number;
  headersMs: number;
  bodyMs: number;
}

/**
 * The dispatcher for one gateway: with the system's proxy settings, through the proxy they name for
 * the gateway's address (asked once per client) or direct; otherwise as `gatewayDispatcher`.
 */
export function gatewayDispatcherFor(baseUrl: string, timeouts: DispatcherTimeouts, network: NetworkSettings): Promise<Dispatcher> {
  // A malformed address throws here, at once, as the client's constructor always has.
  const { resolver } = network;
  if (resolver === undefined) return Promise.resolve(gatewayDispatcher(baseUrl, timeouts, network));
  new URL(baseUrl);
  return systemProxyDispatcher(baseUrl, timeouts, network, resolver);
}

async function systemProxyDispatcher(baseUrl: string, timeouts: DispatcherTimeouts, network: NetworkSettings, resolver: ProxyResolver): Promise<Dispatcher> {
  const tlsOptions = { timeout: timeouts.connectMs, ...(network.ca === undefined ? {} : { ca: network.ca }) };
  const common = { headersTimeout: timeouts.headersMs, bodyTimeout: timeouts.bodyMs, connect: tlsOptions };
  const proxy = await systemProxyFor(baseUrl, resolver);
  if (proxy === undefined) return new Agent(common);
  return new ProxyAgent({ ...common, uri: proxy.href, requestTls: tlsOptions, proxyTls: tlsOptions });
}

/**
 * The dispatcher for one gateway: direct for a gateway on this computer; otherwise through the
 * environment's proxy (a CONNECT tunnel for https) unless NO_PROXY names the host, with the trusted
 * certificate authorities for the gateway's own TLS in either case.
 */
function gatewayDispatcher(baseUrl: string, timeouts: DispatcherTimeouts, network: NetworkSettings): Dispatcher {
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
