/**
 * The Server-Sent Events of a streamed `POST /v1/responses`, derived from the finished
 * response object: `response.created`, `response.in_progress`, then per output item
 * `response.output_item.added` ... `response.output_item.done` (messages with
 * `content_part.added`, `output_text.delta`, `output_text.done`, `content_part.done`; function
 * calls with `function_call_arguments.delta/.done`; web searches with their three status
 * events), and finally `response.completed`. Each event's data
 * carries `type` and a `sequence_number`; one keep-alive comment line appears after the start.
 */
import { tokenPieces } from './reply';
import type { OutputItem } from './responses-output';
import type { SseFrame } from './sse';

type EventSink = (type: string, payload: Record<string, unknown>) => void;

function messageEvents(emit: EventSink, item: OutputItem, outputIndex: number): void {
  const content = (item.content as { text: string }[] | undefined) ?? [];
  const text = content[0]?.text ?? '';
  const location = { item_id: item.id, output_index: outputIndex, content_index: 0 };
  emit('response.output_item.added', { output_index: outputIndex, item: { ...item, status: 'in_progress', content: [] } });
  emit('response.content_part.added', {
    ...location,
    part: { type: 'output_text', text: '', annotations: [], logprobs: [] },
  });
  for (const piece of tokenPieces(text)) {
    emit('response.output_text.delta', { ...location, delta: piece, logprobs: [] });
  }
  emit('response.output_text.done', { ...location, text, logprobs: [] });
  emit('response.content_part.done', {
    ...location,
    part: { type: 'output_text', text, annotations: [], logprobs: [] },
  });
  emit('response.output_item.done', { output_index: outputIndex, item });
}

function functionCallEvents(emit: EventSink, item: OutputItem, outputIndex: number): void {
  const args = typeof item.arguments === 'string' ? item.arguments : '';
  emit('response.output_item.added', {
    output_index: outputIndex,
    item: { ...item, arguments: '', status: 'in_progress' },
  });
  emit('response.function_call_arguments.delta', { item_id: item.id, output_index: outputIndex, delta: args });
  emit('response.function_call_arguments.done', {
    item_id: item.id,
    output_index: outputIndex,
    name: item.name,
    arguments: args,
  });
  emit('response.output_item.done', { output_index: outputIndex, item });
}

function webSearchEvents(emit: EventSink, item: OutputItem, outputIndex: number): void {
  emit('response.output_item.added', { output_index: outputIndex, item: { ...item, status: 'in_progress' } });
  for (const phase of ['in_progress', 'searching', 'completed']) {
    emit(`response.web_search_call.${phase}`, { item_id: item.id, output_index: outputIndex });
  }
  emit('response.output_item.done', { output_index: outputIndex, item });
}

function reasoningEvents(emit: EventSink, item: OutputItem, outputIndex: number): void {
  emit('response.output_item.added', { output_index: outputIndex, item: { ...item, summary: [] } });
  emit('response.output_item.done', { output_index: outputIndex, item });
}

/** All frames of the stream for a finished `response` object. */
export function responseFrames(response: Record<string, unknown> & { output: OutputItem[]; status: string }): SseFrame[] {
  const frames: SseFrame[] = [];
  let sequence = 0;
  const emit: EventSink = (type, payload) => {
    frames.push({ event: type, data: { type, sequence_number: sequence++, ...payload } });
  };
  const started = { ...response, status: 'in_progress', output: [], usage: null, incomplete_details: null };
  emit('response.created', { response: started });
  emit('response.in_progress', { response: started });
  frames.push({ comment: 'keep-alive' });
  response.output.forEach((item, index) => {
    if (item.type === 'message') messageEvents(emit, item, index);
    else if (item.type === 'function_call') functionCallEvents(emit, item, index);
    else if (item.type === 'web_search_call') webSearchEvents(emit, item, index);
    else reasoningEvents(emit, item, index);
  });
  emit('response.completed', { response });
  return frames;
}
