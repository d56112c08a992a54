import { createHash } from 'node:crypto';

/**
 * The key of a batch's input: the jobs file's absolute path, its exact content and the gateway
 * it runs against. The same command finds its batch again (and resumes it); an edited file or
 * another gateway makes a new batch.
 */
export function batchSourceKey(absolutePath: string, content: Uint8Array | string, gatewayUrl: string): string {
  return createHash('sha256').update('atelier-cli-batch\0').update(absolutePath).update('\0').update(content).update('\0').update(gatewayUrl).digest('hex');
}
