import { describe, expect, it } from 'vitest';
import { autoStyleOf, stylesOf } from './text-style';

describe('the request style of a text model', () => {
  it('calls the chat family through messages, and offers chat completions too when listed', () => {
    const model = { id: 'chat-sonnet-4-6', endpointTypes: ['chat_completions'] };
    expect(autoStyleOf(model)).toBe('messages');
    expect(stylesOf(model)).toEqual(['messages', 'chat']);
  });

  it('calls a Responses-only model through responses only, whatever else is claimed', () => {
    expect(stylesOf({ id: 'gen-5.3-codex-official', endpointTypes: ['responses'] })).toEqual(['responses']);
    expect(stylesOf({ id: 'gen-5-pro-official', endpointTypes: ['chat_completions', 'responses'] })).toEqual(['responses']);
  });

  it('prefers chat completions for other models that list both, and offers responses', () => {
    const model = { id: 'gen-5.2-official', endpointTypes: ['chat_completions', 'responses'] };
    expect(autoStyleOf(model)).toBe('chat');
    expect(stylesOf(model)).toEqual(['chat', 'responses']);
  });

  it('falls back to chat completions when the gateway lists no endpoint types', () => {
    expect(stylesOf({ id: 'house-model', endpointTypes: [] })).toEqual(['chat']);
  });
});
