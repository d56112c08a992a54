import { describe, expect, it } from 'vitest';
import { balanceRecordSchema, bearerKeyOf, tokenCreateRequestSchema, tokenCreationResponseSchema } from './account';
import { isResponsesOnly, modelListSchema, responsesOnlyModel, supportsChatCompletions } from './models';
import { uploadRecordSchema } from './uploads';
import { classifyGenerationAnswer } from './generation-answer';
import { directImageResultSchema, directImages, imageEditSummarySchema } from './images';
import { charactersOf, generationTaskSchema, officialVideoRecordSchema } from './tasks';
import { chatCompletionSchema, chatCompletionText, messageObjectSchema, messageText, responsesObjectSchema, responsesOutputText } from './text';

describe('account records', () => {
  it('parses a token-level balance, including numeric strings and unknown fields', () => {
    const record = balanceRecordSchema.parse({
      success: true,
      remain_balance: '12.5',
      used_balance: 2.5,
      remain_credits: 2500,
      used_credits: 500,
      credits_per_usd: 200,
      unlimited_quota: false,
      object: 'balance',
    });
    expect(record.remain_balance).toBe(12.5);
    expect(record.remain_credits).toBe(2500);
    expect(record.object).toBe('balance');
  });

  it('parses an unlimited balance and an HTTP-200 failure', () => {
    expect(balanceRecordSchema.parse({ success: true, remain_balance: -1, remain_credits: -1, unlimited_quota: true }).remain_credits).toBe(-1);
    expect(balanceRecordSchema.parse({ success: false, message: '获取令牌信息失败' }).message).toBe('获取令牌信息失败');
  });

  it('parses token creation and builds the bearer key', () => {
    const response = tokenCreationResponseSchema.parse({
      success: true,
      credits_per_usd: 200,
      data: {
        id: 7,
        user_id: 1,
        key: 'abc123',
        status: 1,
        name: 'batch',
        expired_time: -1,
        remain_quota: 500000,
        remain_credits: 200,
        model_limits: 'gen-image-2,vid-2',
      },
    });
    expect(response.data?.key).toBe('abc123');
    expect(bearerKeyOf(response.data?.key ?? '')).toBe('sk-abc123');
    expect(bearerKeyOf('sk-abc')).toBe('sk-abc');
  });

  it('validates token creation requests with clear messages', () => {
    expect(tokenCreateRequestSchema.safeParse({ name: 'ok', remain_credits: 100, expired_time: -1 }).success).toBe(true);
    const long = tokenCreateRequestSchema.safeParse({ name: 'x'.repeat(51) });
    expect(long.success).toBe(false);
    expect(long.error?.issues[0]?.message).toBe('name: at most 50 characters');
    const expiry = tokenCreateRequestSchema.safeParse({ name: 'a', expired_time: 0 });
    expect(expiry.error?.issues[0]?.message).toMatch(/expired_time/);
  });
});

describe('model list', () => {
  it('keeps good entries and drops entries without an id', () => {
    const list = modelListSchema.parse({
      success: true,
      object: 'list',
      data: [
        { id: 'gen-5-pro-official', object: 'model', supported_endpoint_types: ['responses'] },
        { id: 'chat-opus-4-6', supported_endpoint_types: ['chat_completions', 'responses'] },
        { object: 'model' },
        { id: 'custom-model' },
      ],
    });
    expect(list.data.map((m) => m.id)).toEqual(['gen-5-pro-official', 'chat-opus-4-6', 'custom-model']);
    const [responsesOnly, both, bare] = list.data;
    expect(responsesOnly && isResponsesOnly(responsesOnly)).toBe(true);
    expect(responsesOnly && supportsChatCompletions(responsesOnly)).toBe(false);
    expect(both && supportsChatCompletions(both)).toBe(true);
    expect(bare && supportsChatCompletions(bare)).toBe(true);
  });

  it('reads Responses-only from the list where it gives endpoint types, from the interface’s names where it does not', () => {
    const named = ['gen-5-pro-official'];
    expect(responsesOnlyModel('gen-5.2-official', ['responses'], named)).toBe(true);
    expect(responsesOnlyModel('gen-5-pro-official', ['chat_completions', 'responses'], named)).toBe(false);
    expect(responsesOnlyModel('gen-5-pro-official', [], named)).toBe(true);
    expect(responsesOnlyModel('gen-5-pro-official', undefined, named)).toBe(true);
    expect(responsesOnlyModel('custom-model', undefined, named)).toBe(false);
  });
});

describe('uploads and images', () => {
  it('parses an upload record', () => {
    const upload = uploadRecordSchema.parse({ success: true, data: { id: 'up_1', url: 'https://cdn.example/u.png', mime_type: 'image/png', size: 2048 } });
    expect(upload.data.url).toBe('https://cdn.example/u.png');
    expect(uploadRecordSchema.safeParse({ success: true, data: { id: 'x' } }).success).toBe(false);
  });

  it('parses direct results and classifies every response style', () => {
    const direct = { created: 1767000000, model: 'gpt-image', data: [{ b64_json: 'AAAA', revised_prompt: 'a cat' }, {}] };
    expect(directImages(directImageResultSchema.parse(direct))).toEqual([{ b64: 'AAAA', url: undefined, revisedPrompt: 'a cat' }]);
    expect(classifyGenerationAnswer(direct).style).toBe('direct');
    const summary = {
      case: 'edit',
      status: 200,
      reason: 'ok',
      created: 1,
      model: 'm',
      data_count: 1,
      revised_prompt: 'p',
      b64_prefix: 'iVBO',
      b64_length: 1000,
    };
    expect(imageEditSummarySchema.parse(summary).b64_length).toBe(1000);
    expect(classifyGenerationAnswer(summary).style).toBe('summary');
    expect(classifyGenerationAnswer({ id: 'task_1', status: 'queued' })).toEqual({ style: 'task', taskId: 'task_1' });
    expect(classifyGenerationAnswer('nope').style).toBe('unreadable');
  });
});

describe('tasks', () => {
  it('parses generation tasks tolerantly', () => {
    const task = generationTaskSchema.parse({ id: 't', status: 'queued', progress: '10%', metadata: { size: '1024x1024' }, seconds: 8, odd: 1 });
    expect(task.progress).toBe('10%');
    expect(task.seconds).toBe(8);
    expect(task.metadata).toEqual({ size: '1024x1024' });
  });

  it('parses the wrapped official polling record', () => {
    const record = officialVideoRecordSchema.parse({ code: 'success', message: '', data: { task_id: 'v', status: 'SUCCESS', result_url: 'https://x/v.mp4' } });
    expect(record.data.result_url).toBe('https://x/v.mp4');
    expect(record.code).toBe('success');
  });

  it('reads characters of a character task result', () => {
    expect(charactersOf({ type: 'character', data: { characters: [{ id: '1', username: 'neo', display_name: 'Neo' }] } })).toEqual([
      { id: '1', username: 'neo', display_name: 'Neo' },
    ]);
    expect(charactersOf(undefined)).toEqual([]);
  });
});

describe('text endpoints', () => {
  it('reads chat completions', () => {
    const completion = chatCompletionSchema.parse({ id: 'c', choices: [{ index: 0, message: { role: 'assistant', content: 'hi' }, finish_reason: 'stop' }] });
    expect(chatCompletionText(completion)).toBe('hi');
  });

  it('reads responses objects, skipping reasoning and function calls', () => {
    const response = responsesObjectSchema.parse({
      id: 'resp_1',
      object: 'response',
      status: 'completed',
      model: 'gen-5.2-official',
      output: [
        { type: 'reasoning', summary: [] },
        { type: 'function_call', name: 'lookup', arguments: '{"q":1}' },
        {
          type: 'message',
          role: 'assistant',
          content: [
            { type: 'output_text', text: 'Hello ' },
            { type: 'output_text', text: 'there' },
          ],
        },
      ],
      usage: { input_tokens: 5, output_tokens: 9, output_tokens_details: { reasoning_tokens: 4 }, total_tokens: 14 },
    });
    expect(responsesOutputText(response)).toBe('Hello there');
    expect(response.usage?.output_tokens_details?.reasoning_tokens).toBe(4);
  });

  it('reads message objects', () => {
    const message = messageObjectSchema.parse({
      id: 'msg_1',
      type: 'message',
      role: 'assistant',
      model: 'chat-opus-4-6',
      stop_reason: 'end_turn',
      content: [
        { type: 'text', text: '你好' },
        { type: 'tool_use', id: 'x' },
      ],
      usage: { input_tokens: 3, output_tokens: 2 },
    });
    expect(messageText(message)).toBe('你好');
  });
});
