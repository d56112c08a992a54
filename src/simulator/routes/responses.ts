/**
 * `POST /v1/responses`: string or message input, instructions, `previous_response_id`
 * (the server joins the stored context), reasoning items, function and web-search tools with
 * `tool_choice`, usage, and streaming (see text/responses-stream.ts).
 */
import type { SimRoutePlugin } from '../context';
import type { Turn } from '../text/reply';
import { generateOutput, inputTurns } from '../text/responses-output';
import { responsesBody } from '../text/responses-schema';
import { responseFrames } from '../text/responses-stream';
import { sendSse } from '../text/sse';
import { describeIssue, isJsonObject } from '../text/validation';
import { samplingWarnings, warningHeaderValues } from '../requests/warnings';

/** A stored response: its owner and the whole conversation up to and including its output. */
interface StoredConversation {
  userId: number;
  turns: Turn[];
}

/** Stored responses kept per simulator (oldest dropped first). */
const MAX_STORED_RESPONSES = 1000;

export const responsesRoutes: SimRoutePlugin = (app, ctx) => {
  const stored = new Map<string, StoredConversation>();
  ctx.onReset(() => stored.clear());

  app.post('/v1/responses', (request, reply) => {
    const key = ctx.authenticate(request, reply);
    if (!key) return reply;
    const raw: unknown = request.body;
    if (!isJsonObject(raw)) return ctx.sendError(reply, 400, { message: 'request body must be a JSON object' });
    const model = ctx.requireModel(key, raw.model, reply, 'responses');
    if (!model) return reply;
    const parsed = responsesBody.safeParse(raw);
    if (!parsed.success) {
      const problem = describeIssue(parsed.error);
      return ctx.sendError(reply, 400, { message: problem.message, param: problem.param, code: 'invalid_parameter' });
    }
    const body = parsed.data;
    if (body.tool_choice === 'required' && (body.tools ?? []).length === 0) {
      return ctx.sendError(reply, 400, {
        message: 'tool_choice "required" needs at least one tool',
        param: 'tool_choice',
        code: 'invalid_parameter',
      });
    }
    const previousId = body.previous_response_id ?? undefined;
    const previous = previousId === undefined ? undefined : stored.get(previousId);
    if (previousId !== undefined && previous?.userId !== key.record.user_id) {
      return ctx.sendError(reply, 400, {
        message: `Previous response with id '${previousId}' not found.`,
        param: 'previous_response_id',
        code: 'previous_response_not_found',
      });
    }
    if (!ctx.charge(key, model.id, reply)) return reply;
    const warnings = samplingWarnings(body);
    if (warnings.length > 0) void reply.header('warning', warningHeaderValues(warnings));

    const conversation = [...(previous?.turns ?? []), ...inputTurns(body.input)];
    const generated = generateOutput(body, conversation, (prefix) => ctx.newId(prefix));
    const id = ctx.newId('resp_');
    if (body.store !== false) {
      stored.set(id, { userId: key.record.user_id, turns: [...conversation, ...generated.replyTurns] });
      if (stored.size > MAX_STORED_RESPONSES) {
        const oldest = stored.keys().next().value;
        if (oldest !== undefined) stored.delete(oldest);
      }
    }
    const response = {
      id,
      object: 'response',
      created_at: ctx.nowSeconds(),
      status: generated.status,
      error: null,
      incomplete_details: generated.truncated ? { reason: 'max_output_tokens' } : null,
      instructions: body.instructions ?? null,
      max_output_tokens: body.max_output_tokens ?? null,
      model: model.id,
      output: generated.output,
      parallel_tool_calls: true,
      previous_response_id: previousId ?? null,
      reasoning: { effort: body.reasoning?.effort ?? null, summary: body.reasoning?.summary ?? null },
      store: body.store !== false,
      temperature: body.temperature ?? 1,
      text: { format: { type: 'text' } },
      tool_choice: body.tool_choice ?? 'auto',
      tools: body.tools ?? [],
      top_p: body.top_p ?? 1,
      truncation: 'disabled',
      usage: generated.usage,
      user: null,
      metadata: body.metadata ?? {},
    };
    if (body.stream !== true) return response;
    return sendSse(reply, responseFrames(response), ctx.options.timing.textChunk);
  });
};
