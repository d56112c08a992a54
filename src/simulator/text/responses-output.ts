/**
 * What a simulated model answers on `POST /v1/responses`: output items (reasoning, web search,
 * function call, message), usage and status. Deterministic rules:
 * - a `reasoning` item appears when `reasoning.effort` is low, medium or high;
 * - `tool_choice: required` always calls a tool; `auto` calls a function tool whose name the
 *   latest user message mentions (or web search when it mentions "search"), unless a tool result
 *   already followed that message; `none` never calls one;
 * - a function call ends the turn; a web search is followed by the message.
 */
import { composeReply, countInputTokens, countTokens, limitText } from './reply';
import type { Turn } from './reply';
import { messageItem } from './responses-schema';
import type { FunctionTool, InputItem, ReasoningEffort, ResponsesBody, Tool } from './responses-schema';

/** Reasoning tokens spent per effort level. */
const REASONING_TOKENS: Readonly<Record<ReasoningEffort, number>> = { none: 0, low: 32, medium: 128, high: 512 };

export type OutputItem = Record<string, unknown> & { type: string; id: string };

/** Convert input items to conversation turns. */
export function inputTurns(input: ResponsesBody['input']): Turn[] {
  if (typeof input === 'string') return [{ role: 'user', text: input, images: 0 }];
  return input.flatMap((item: InputItem): Turn[] => {
    const parsedMessage = messageItem.safeParse(item);
    if (parsedMessage.success) {
      const message = parsedMessage.data;
      const role = message.role === 'developer' || message.role === 'system' ? 'system' : message.role;
      if (typeof message.content === 'string') return [{ role, text: message.content, images: 0 }];
      const text = message.content.map((block) => ('text' in block ? block.text : '')).join(' ');
      const images = message.content.filter((block) => block.type === 'input_image').length;
      return [{ role, text, images }];
    }
    if (item.type === 'function_call_output') {
      const output = typeof item.output === 'string' ? item.output : JSON.stringify(item.output);
      return [{ role: 'tool', text: output, images: 0 }];
    }
    if (item.type === 'function_call') {
      return [{ role: 'assistant', text: `${item.name}(${item.arguments})`, images: 0 }];
    }
    return [];
  });
}

function sampleValue(schema: unknown, userText: string): unknown {
  if (typeof schema !== 'object' || schema === null) return userText;
  const property = schema as { type?: unknown; enum?: unknown };
  if (Array.isArray(property.enum) && property.enum.length > 0) return property.enum[0];
  switch (property.type) {
    case 'number':
    case 'integer':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return {};
    default:
      return userText;
  }
}

/** Arguments for a function call: each required (or, if none, every) property gets a sample value. */
function sampleArguments(tool: FunctionTool, userText: string): string {
  const parameters = tool.parameters ?? {};
  const properties = typeof parameters.properties === 'object' && parameters.properties !== null ? (parameters.properties as Record<string, unknown>) : {};
  const required = Array.isArray(parameters.required)
    ? parameters.required.filter((name): name is string => typeof name === 'string')
    : Object.keys(properties);
  return JSON.stringify(Object.fromEntries(required.map((name) => [name, sampleValue(properties[name], userText)])));
}

type ToolDecision = { kind: 'function'; tool: FunctionTool } | { kind: 'web_search' } | undefined;

function decideTool(tools: readonly Tool[], choice: string, turns: readonly Turn[]): ToolDecision {
  if (choice === 'none' || tools.length === 0) return undefined;
  const lastUser = turns.map((turn) => turn.role).lastIndexOf('user');
  const latest = (turns[lastUser]?.text ?? '').toLowerCase();
  const functions = tools.filter((tool): tool is FunctionTool => tool.type === 'function');
  const mentioned = functions.find((tool) => latest.includes(tool.name.toLowerCase()));
  const hasWebSearch = tools.some((tool) => tool.type === 'web_search_preview');
  if (choice === 'required') {
    const chosen = mentioned ?? functions[0];
    return chosen ? { kind: 'function', tool: chosen } : { kind: 'web_search' };
  }
  const answered = turns.slice(lastUser + 1).some((turn) => turn.role === 'tool');
  if (answered) return undefined;
  if (mentioned) return { kind: 'function', tool: mentioned };
  if (hasWebSearch && latest.includes('search')) return { kind: 'web_search' };
  return undefined;
}

export interface GeneratedOutput {
  output: OutputItem[];
  /** Only the interface's values; a reply cut by `max_output_tokens` is still `completed`. */
  status: 'completed';
  /** True when `max_output_tokens` cut the text (reported in `incomplete_details`). */
  truncated: boolean;
  usage: Record<string, unknown>;
  /** The assistant turns to remember for `previous_response_id`. */
  replyTurns: Turn[];
}

/** Generate the output of one request, given the whole conversation so far. */
export function generateOutput(body: ResponsesBody, conversation: readonly Turn[], newId: (prefix: string) => string): GeneratedOutput {
  const effort = body.reasoning?.effort ?? 'none';
  const reasoningTokens = REASONING_TOKENS[effort];
  const output: OutputItem[] = [];
  const replyTurns: Turn[] = [];
  const turns = [...conversation];
  if (effort !== 'none') {
    const summary =
      body.reasoning?.summary === undefined || body.reasoning.summary === null
        ? []
        : [{ type: 'summary_text', text: 'Considered the subject, composition and lighting the request implies.' }];
    output.push({ type: 'reasoning', id: newId('rs_'), summary });
  }
  const latestUser = [...turns].reverse().find((turn) => turn.role === 'user')?.text ?? '';
  const decision = decideTool(body.tools ?? [], body.tool_choice ?? 'auto', turns);
  let visibleTokens = 0;
  let truncated = false;

  if (decision?.kind === 'function') {
    const args = sampleArguments(decision.tool, latestUser);
    output.push({
      type: 'function_call',
      id: newId('fc_'),
      call_id: newId('call_'),
      name: decision.tool.name,
      arguments: args,
      status: 'completed',
    });
    visibleTokens = countTokens(args);
    replyTurns.push({ role: 'assistant', text: `${decision.tool.name}(${args})`, images: 0 });
  } else {
    if (decision?.kind === 'web_search') {
      output.push({
        type: 'web_search_call',
        id: newId('ws_'),
        status: 'completed',
        action: { type: 'search', query: latestUser },
      });
      turns.push({ role: 'tool', text: `search results for "${latestUser}"`, images: 0 });
    }
    const budget = body.max_output_tokens === undefined || body.max_output_tokens === null ? undefined : Math.max(0, body.max_output_tokens - reasoningTokens);
    const result = limitText(composeReply(turns), budget);
    truncated = result.cause === 'max_tokens';
    visibleTokens = countTokens(result.text);
    if (result.text !== '') {
      output.push({
        type: 'message',
        id: newId('msg_'),
        status: 'completed',
        role: 'assistant',
        content: [{ type: 'output_text', text: result.text, annotations: [], logprobs: [] }],
      });
      replyTurns.push({ role: 'assistant', text: result.text, images: 0 });
    }
  }

  const instructionsTokens = countTokens(body.instructions ?? '');
  const inputTokens = countInputTokens(conversation) + instructionsTokens;
  const outputTokens = visibleTokens + reasoningTokens;
  return {
    output,
    status: 'completed',
    truncated,
    replyTurns,
    usage: {
      input_tokens: inputTokens,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: outputTokens,
      output_tokens_details: { reasoning_tokens: reasoningTokens },
      total_tokens: inputTokens + outputTokens,
    },
  };
}
