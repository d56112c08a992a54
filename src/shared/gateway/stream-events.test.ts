import { describe, expect, it } from 'vitest';
import type { StreamUpdate } from './stream-events';
import { readMessagesEvent, readResponsesEvent } from './stream-events';

describe('readMessagesEvent', () => {
  it.each<[string | undefined, string, StreamUpdate]>([
    ['content_block_delta', '{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"你好"}}', { kind: 'text', text: '你好' }],
    [undefined, '{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Hi"}}', { kind: 'text', text: 'Hi' }],
    ['content_block_delta', '{"type":"content_block_delta","delta":{"type":"input_json_delta","partial_json":"{\\"a\\""}}', { kind: 'ignored' }],
    ['content_block_delta', '{"type":"content_block_delta","delta":{"type":"thinking_delta","thinking":"hmm"}}', { kind: 'ignored' }],
    ['message_delta', '{"type":"message_delta","delta":{"stop_reason":"end_turn"},"usage":{"output_tokens":12}}', { kind: 'stop', stopReason: 'end_turn' }],
    ['ping', '{"type":"ping"}', { kind: 'ignored' }],
    ['message_start', '{"type":"message_start","message":{"id":"msg_1"}}', { kind: 'ignored' }],
    ['error', '{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}', { kind: 'error', message: 'Overloaded' }],
    ['content_block_delta', 'not json', { kind: 'ignored' }],
  ])('%s %s', (event, data, expected) => {
    expect(readMessagesEvent(event, data)).toEqual(expected);
  });
});

describe('readResponsesEvent', () => {
  it.each<[string | undefined, string, StreamUpdate]>([
    ['response.output_text.delta', '{"type":"response.output_text.delta","delta":"Hel"}', { kind: 'text', text: 'Hel' }],
    ['response.created', '{"response":{"id":"resp_1","output":[]}}', { kind: 'ignored' }],
    ['response.completed', '{"response":{"id":"resp_1","status":"completed","output":[]}}', { kind: 'completed', responseId: 'resp_1' }],
    ['response.failed', '{"response":{"id":"resp_1","error":{"message":"model overloaded"}}}', { kind: 'error', message: 'model overloaded' }],
    ['response.incomplete', '{"response":{"id":"resp_1"}}', { kind: 'error', message: 'The response was cut short' }],
  ])('%s', (event, data, expected) => {
    expect(readResponsesEvent(event, data)).toEqual(expected);
  });
});
