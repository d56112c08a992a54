/**
 * A task belongs to the account, not to the key that submitted it: when the gateway refuses a
 * key (spent, expired, disabled), the same question is asked with each other key of the account
 * the studio holds before anyone is told to wait for a usable key.
 */
import type { GatewayClient } from '../gateway/client';
import { refusedForTheKey } from '../gateway/gateway-error';
import type { Job } from './store';

/** Where a job's clients come from: the profile's, then the other keys of the same account. */
export interface KeyedClients {
  clientFor: (job: Job) => Promise<GatewayClient>;
  otherKeys: (job: Job, base: GatewayClient) => GatewayClient[];
}

/** Runs `ask` with the profile's client, then with each other key while the gateway refuses the key; throws the first refusal when every key was refused. */
export async function withAnyKey<T>(clients: KeyedClients, job: Job, ask: (client: GatewayClient) => Promise<T>): Promise<T> {
  const client = await clients.clientFor(job);
  try {
    return await ask(client);
  } catch (error) {
    if (!refusedForTheKey(error)) throw error;
    for (const other of clients.otherKeys(job, client)) {
      try {
        return await ask(other);
      } catch (otherError) {
        if (!refusedForTheKey(otherError)) throw otherError;
      }
    }
    throw error;
  }
}
