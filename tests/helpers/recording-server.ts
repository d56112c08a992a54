import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

export interface RecordingServer {
  url: string;
  port: number;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/**
 * A plain HTTP server on loopback that records every request (to see what a client sent where)
 * and answers with `respond`, by default a token balance record.
 */
export async function startRecordingServer(respond?: (req: IncomingMessage, res: ServerResponse) => void): Promise<RecordingServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    req.resume();
    if (respond) return respond(req, res);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({ success: true, remain_balance: 1, used_balance: 0, remain_credits: 200, used_credits: 0, credits_per_usd: 200, unlimited_quota: false }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
