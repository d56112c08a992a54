/**
 * The gateway a batch runs against: the one named by `--gateway` with the key from
 * ATELIER_API_KEY, or, without `--gateway`, the embedded demo gateway started in this process.
 */
import { DemoGateway } from '../main/demo/demo-gateway';
import { GatewayClient } from '../main/core/gateway/client';
import type { UploadCache } from '../main/core/gateway/upload-cache';
import { UsageError } from './args';

export const API_KEY_VARIABLE = 'ATELIER_API_KEY';

export interface GatewayConnection {
  client: GatewayClient;
  baseUrl: string;
  /** True when the embedded demo gateway answers (its tasks end with this process). */
  demo: boolean;
  close(): Promise<void>;
}

/** Checks that a key is there before anything else happens; returns it. Throws UsageError. */
export function apiKeyFor(gateway: string | undefined, env: NodeJS.ProcessEnv): string | undefined {
  if (gateway === undefined) return undefined;
  const key = env[API_KEY_VARIABLE]?.trim();
  if (key === undefined || key === '') {
    throw new UsageError(`No API key: set ${API_KEY_VARIABLE} to the key of ${gateway} (e.g. ${API_KEY_VARIABLE}=sk-... npm run atelier -- batch ...)`);
  }
  return key;
}

/** Opens the connection; uploads are remembered in `uploadCache`, scoped to the gateway's address. */
export async function connectGateway(gateway: string | undefined, apiKey: string | undefined, uploadCache: UploadCache): Promise<GatewayConnection> {
  if (gateway !== undefined && apiKey !== undefined) {
    const client = new GatewayClient({ baseUrl: gateway, apiKey, uploadCache, uploadScope: `cli@${gateway}` });
    return { client, baseUrl: gateway, demo: false, close: () => client.close() };
  }
  const demo = new DemoGateway();
  const { baseUrl, apiKey: demoKey } = await demo.connection();
  const client = new GatewayClient({ baseUrl, apiKey: demoKey, uploadCache, uploadScope: `cli-demo@${baseUrl}` });
  return {
    client,
    baseUrl,
    demo: true,
    close: async () => {
      await client.close();
      await demo.stop();
    },
  };
}
