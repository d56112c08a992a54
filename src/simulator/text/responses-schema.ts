/** Request body of `POST /v1/responses` (interface table, plus the item types clients send back). */
import { z } from 'zod';

const textBlock = z.object({ type: z.enum(['input_text', 'output_text', 'text']), text: z.string() });
const imageBlock = z.object({
  type: z.literal('input_image'),
  image_url: z.union([z.string(), z.object({ url: z.string() })]).nullish(),
  file_id: z.string().nullish(),
  detail: z.enum(['low', 'high', 'auto']).nullish(),
});
const refusalBlock = z.object({ type: z.literal('refusal'), refusal: z.string() });
const contentBlock = z.union([textBlock, imageBlock, refusalBlock]);

export const messageItem = z.object({
  type: z.literal('message').optional(),
  role: z.enum(['user', 'assistant', 'developer', 'system']),
  content: z.union([z.string(), z.array(contentBlock)]),
});

const functionCallItem = z.object({
  type: z.literal('function_call'),
  call_id: z.string(),
  name: z.string(),
  arguments: z.string(),
});

const functionCallOutputItem = z.object({
  type: z.literal('function_call_output'),
  call_id: z.string(),
  output: z.union([z.string(), z.array(z.unknown())]),
});

/** Earlier output items a client may send back; they carry nothing the reply depends on. */
const passThroughItem = z.looseObject({ type: z.enum(['reasoning', 'web_search_call']) });

const inputItem = z.union([messageItem, functionCallItem, functionCallOutputItem, passThroughItem]);
export type InputItem = z.infer<typeof inputItem>;

const functionTool = z.object({
  type: z.literal('function'),
  name: z.string().min(1),
  description: z.string().nullish(),
  parameters: z.record(z.string(), z.unknown()).nullish(),
  strict: z.boolean().nullish(),
});
const webSearchTool = z.looseObject({ type: z.literal('web_search_preview') });
const tool = z.union([functionTool, webSearchTool]);
export type Tool = z.infer<typeof tool>;
export type FunctionTool = z.infer<typeof functionTool>;

const REASONING_EFFORTS = ['high', 'medium', 'low', 'none'] as const;
export type ReasoningEffort = (typeof REASONING_EFFORTS)[number];

export const responsesBody = z.object({
  model: z.string(),
  input: z.union([z.string(), z.array(inputItem)]),
  instructions: z.string().nullish(),
  stream: z.boolean().nullish(),
  // The interface gives no lower bound; a budget must still be a positive whole number.
  max_output_tokens: z.number().int('a whole number').min(1, 'at least 1').nullish(),
  temperature: z.number().min(0).max(2).nullish(),
  top_p: z.number().min(0).max(1).nullish(),
  previous_response_id: z.string().nullish(),
  reasoning: z
    .object({
      effort: z.enum(REASONING_EFFORTS).nullish(),
      summary: z.enum(['auto', 'concise', 'detailed']).nullish(),
    })
    .nullish(),
  tools: z.array(tool).nullish(),
  tool_choice: z.enum(['auto', 'none', 'required']).nullish(),
  store: z.boolean().nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
});
export type ResponsesBody = z.infer<typeof responsesBody>;
