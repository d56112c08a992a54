import { createServer } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

export interface TunnelProxy {
  url: string;
  /** Every tunnel asked for (`host:port`), with the credentials it carried. */
  tunnels: { target: string; authorization: string | undefined }[];
  close(): Promise<void>;
}

/**
 * An HTTP proxy on loopback that answers CONNECT, as a corporate proxy does, tunnelling a name to
 * where `route` says it lives (the test's server); a name `route` does not know is refused with 403.
 */
export async function startTunnelProxy(route: (host: string, port: number) => { host: string; port: number } | undefined): Promise<TunnelProxy> {
  const tunnels: TunnelProxy['tunnels'] = [];
  const sockets = new Set<Socket>();
  const server = createServer((_req, res) => res.writeHead(405).end());
  server.on('connect', (req, client: Socket, head: Buffer) => {
    sockets.add(client);
    const target = req.url ?? '';
    tunnels.push({ target, authorization: req.headers['proxy-authorization'] });
    const [, host = '', port = ''] = /^\[?(.*?)\]?:(\d+)$/.exec(target) ?? [];
    const to = route(host, Number(port));
    if (to === undefined) {
      client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    const upstream = connect(to.port, to.host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${String(port)}`,
    tunnels,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
