/**
 * The assistant through the contract: a test studio on the demo gateway (text streamed a word
 * every few milliseconds, so a reply arrives in pieces and can be stopped midway), its events,
 * and the demo gateway's record of the text requests it received.
 */
import type { AssistantMessage, StartReplyInput } from '../../../src/shared/contract';
import type { Studio } from '../../../src/main/core/studio';
import type { SimAdmin } from '../../helpers/sim-admin';
import { callRoute, createTestStudio, demoAdmin } from '../../helpers/studio';
import { FAST_ENGINE, FAST_TASKS } from '../jobs/harness';

interface StartedReply {
  requestId: string;
  conversation: { id: string; title: string; messageCount: number };
  userMessage: AssistantMessage;
  reply: AssistantMessage;
}

interface EndedReply {
  started: StartedReply;
  /** The text of each `assistant.reply_delta`, in order. */
  deltas: string[];
  message: AssistantMessage;
}

interface TextRequestRecord {
  route: string;
  body: Record<string, unknown>;
}

export interface AssistantHarness {
  studio: Studio;
  dataDir: string;
  admin: SimAdmin;
  call<T>(route: string, input: unknown): Promise<T>;
  /** Starts a reply; `ended` resolves with its deltas and final message. `onDelta` sees each piece as it comes. */
  start(input: StartReplyInput, onDelta?: (text: string) => void): Promise<{ started: StartedReply; ended: Promise<EndedReply> }>;
  /** Starts a reply and waits for its end. */
  reply(input: StartReplyInput): Promise<EndedReply>;
  /** What the demo gateway received, oldest first (long strings shortened). */
  textRequests(): Promise<TextRequestRecord[]>;
  stop(): Promise<void>;
}

/** Milliseconds between streamed words: enough to stop a reply midway, short enough to keep tests quick. */
const TEXT_CHUNK_MS = 20;

export async function startAssistantStudio(options: { dataDir?: string } = {}): Promise<AssistantHarness> {
  const { studio, dataDir } = await createTestStudio({
    ...(options.dataDir === undefined ? {} : { dataDir: options.dataDir }),
    demo: { timing: { ...FAST_TASKS, textChunk: TEXT_CHUNK_MS } },
    engine: FAST_ENGINE,
  });
  const admin = await demoAdmin(studio);
  const deltas = new Map<string, string[]>();
  const ended = new Map<string, AssistantMessage>();
  const waiting = new Map<string, () => void>();
  const deltaListeners = new Map<string, (text: string) => void>();
  studio.bus.subscribe((name, payload) => {
    if (name === 'assistant.reply_delta') {
      const delta = payload as { requestId: string; text: string };
      deltas.set(delta.requestId, [...(deltas.get(delta.requestId) ?? []), delta.text]);
      deltaListeners.get(delta.requestId)?.(delta.text);
    }
    if (name === 'assistant.reply_ended') {
      const end = payload;
      ended.set(end.requestId, end.message);
      waiting.get(end.requestId)?.();
    }
  });
  const call = <T>(route: string, input: unknown): Promise<T> => callRoute<T>(studio, route, input);
  const start: AssistantHarness['start'] = async (input, onDelta) => {
    const started = await call<StartedReply>('assistant.start_reply', input);
    if (onDelta) {
      for (const text of deltas.get(started.requestId) ?? []) onDelta(text);
      deltaListeners.set(started.requestId, onDelta);
    }
    const end = new Promise<EndedReply>((resolve) => {
      const finish = (): void => resolve({ started, deltas: deltas.get(started.requestId) ?? [], message: ended.get(started.requestId) as AssistantMessage });
      if (ended.has(started.requestId)) finish();
      else waiting.set(started.requestId, finish);
    });
    return { started, ended: end };
  };
  return {
    studio,
    dataDir,
    admin,
    call,
    start,
    reply: async (input) => (await start(input)).ended,
    textRequests: async () => (await admin<{ requests: TextRequestRecord[] }>('GET', '/text-requests')).requests,
    stop: () => studio.stop(),
  };
}
