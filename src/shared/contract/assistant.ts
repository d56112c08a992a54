/**
 * Prompt tools: the assistant on the gateway's text models (streamed replies in a kept
 * conversation), prompt history (the prompts the library already keeps) and style presets.
 */
import { z } from 'zod';
import { defineEvent, defineRoute } from './define';
import { studioErrorSchema } from './errors';
import { idSchema } from './ids';
import { inputMessages } from './input-messages';
import { MAX_TEMPLATE_CHARS } from './limits';
import { plainString } from './plain-text';
import { fileBytesSchema } from './uploads';

/** The three request styles of the gateway's text models. */
const textStyleSchema = z.enum(['chat', 'responses', 'messages']);
export type TextStyle = z.infer<typeof textStyleSchema>;

/** A text model the key may call, with the style the assistant uses for it. */
const assistantModelSchema = z.object({
  id: z.string(),
  ownedBy: z.string().nullable(),
  /** `supported_endpoint_types` as the gateway lists them. */
  endpointTypes: z.array(z.string()),
  /** The style its endpoint types and family call for. */
  autoStyle: textStyleSchema,
  /** The style used: the artist's override, else `autoStyle`. */
  style: textStyleSchema,
  overridden: z.boolean(),
  /** Styles it may be called in (a Responses-only model takes no other). */
  styles: z.array(textStyleSchema),
});
export type AssistantModel = z.infer<typeof assistantModelSchema>;

/**
 * What the artist asked: a free message, or a quick action on the text (`improve` for the
 * chosen variant, `translate` between English and Chinese, `describe` an image, `expand` an idea
 * into `count` prompts, one per line).
 */
const assistantActionSchema = z.enum(['chat', 'improve', 'translate', 'describe', 'expand']);
export type AssistantAction = z.infer<typeof assistantActionSchema>;

/** Most variations one expansion asks for (each becomes a line of a batch). */
const MAX_VARIATIONS = 12;
/** Characters of one message to the assistant. */
const MAX_ASSISTANT_TEXT = 32_000;

const messageStatusSchema = z.enum(['streaming', 'done', 'canceled', 'failed']);
export type MessageStatus = z.infer<typeof messageStatusSchema>;

/** One turn of a conversation. An assistant turn keeps what arrived even when its stream failed. */
const assistantMessageSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  role: z.enum(['user', 'assistant']),
  action: assistantActionSchema,
  text: z.string(),
  status: messageStatusSchema,
  /** Why a reply failed, with the gateway's own text beside the explanation. */
  error: studioErrorSchema.nullable(),
  model: z.string().nullable(),
  style: textStyleSchema.nullable(),
  /** The catalog variant an `improve` was for. */
  variantId: z.string().nullable(),
  /** An image sent with the turn (its name and type; the bytes are not kept). */
  image: z.object({ name: z.string(), mime: z.string() }).nullable(),
  createdAt: z.number(),
});
export type AssistantMessage = z.infer<typeof assistantMessageSchema>;

const conversationSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  messageCount: z.number().int(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

export const startReplyInputSchema = z
  .object({
    /** Continue this conversation; absent or null starts a new one. */
    conversationId: idSchema.nullish(),
    model: z.string().trim().min(1).max(200),
    action: assistantActionSchema,
    text: z.string().max(MAX_ASSISTANT_TEXT, inputMessages.assistantTextTooLong.key),
    /** `improve`: the variant whose rules and limits the assistant is told. */
    variantId: z.string().min(1).max(200).optional(),
    /** `expand`: how many prompts. */
    count: z.number().int().min(2).max(MAX_VARIATIONS).optional(),
    /** `translate`: the language to translate into. */
    targetLanguage: z.enum(['en', 'zh-CN']).optional(),
    /** `describe`: a dropped image, as bytes. */
    imageBytes: fileBytesSchema.optional(),
    imageName: z.string().trim().min(1).max(255).optional(),
    /** `describe`: an image of the library instead (its bytes never leave main). */
    imageAssetId: idSchema.optional(),
  })
  .strict()
  .superRefine((input, ctx) => {
    const hasImage = input.imageBytes !== undefined || input.imageAssetId !== undefined;
    if (input.action === 'describe' && !hasImage) ctx.addIssue({ code: 'custom', path: ['imageBytes'], message: inputMessages.assistantNeedsImage.key });
    if (input.action !== 'describe' && input.text.trim() === '')
      ctx.addIssue({ code: 'custom', path: ['text'], message: inputMessages.assistantNeedsText.key });
  });
export type StartReplyInput = z.input<typeof startReplyInputSchema>;

/** A prompt the studio has sent, as the history lists it. */
const historyEntrySchema = z.object({
  /** The prompt, or the template of a batch made from one. */
  prompt: z.string(),
  /** True when `prompt` is a template (`{a|b}` alternatives, `{{column}}` values), put back in template mode. */
  isTemplate: z.boolean(),
  /** The model of its latest use. */
  model: z.string(),
  variantId: z.string().nullable(),
  uses: z.number().int(),
  lastUsedAt: z.number(),
  /** The library path of the newest result's picture, for `studio().mediaUrl`; null when it made none. */
  thumbPath: z.string().nullable(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

const presetPlacementSchema = z.enum(['before', 'after']);
export type PresetPlacement = z.infer<typeof presetPlacementSchema>;

/** Options a preset sets, by the catalog's field keys (as the Create form keeps them). */
const presetValuesSchema = z
  .record(z.string().max(200), z.unknown())
  .refine((values) => JSON.stringify(values).length <= 16_000, inputMessages.presetOptionsTooLarge.key);

/** A named style: text put before or after the prompt, and options of the form. */
const presetSchema = z.object({
  id: z.string(),
  name: z.string(),
  text: z.string(),
  placement: presetPlacementSchema,
  values: z.record(z.string(), z.unknown()),
  /** The variant it was made on (its options' field keys are that form's). */
  variantId: z.string().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type Preset = z.infer<typeof presetSchema>;

export const presetDraftSchema = z
  .object({
    /** Absent to create a new preset. */
    id: idSchema.optional(),
    name: z.string().trim().min(1, inputMessages.presetName.key).max(80, inputMessages.presetNameLength.key),
    text: z.string().max(4000, inputMessages.presetTextTooLong.key),
    placement: presetPlacementSchema,
    values: presetValuesSchema.default({}),
    variantId: z.string().min(1).max(200).nullable().default(null),
  })
  .strict();
export type PresetDraft = z.input<typeof presetDraftSchema>;

/** The preset a result was made with, as its recipe names it. */
export const presetRefSchema = z.object({ id: idSchema, name: z.string().trim().min(1).max(80) }).strict();
export type PresetRef = z.infer<typeof presetRefSchema>;

const conversationId = z.object({ id: idSchema }).strict();

export const assistantRoutes = {
  /** The text models of the gateway in use, with the style each is called in. */
  'assistant.list_models': defineRoute({
    input: z.object({}).strict(),
    output: z.object({ models: z.array(assistantModelSchema), demoMode: z.boolean() }),
  }),
  /** Calls a model in another style from now on (null: back to the automatic one). */
  'assistant.set_model_style': defineRoute({
    input: z.object({ model: z.string().trim().min(1).max(200), style: textStyleSchema.nullable() }).strict(),
    output: assistantModelSchema,
  }),
  /**
   * Starts a streamed reply. Answers at once with the request's id; the text arrives as
   * `assistant.reply_delta` events carrying it, and `assistant.reply_ended` closes it. Text
   * requests are charged, so a reply is never sent again by the studio.
   */
  'assistant.start_reply': defineRoute({
    input: startReplyInputSchema,
    output: z.object({
      requestId: z.string(),
      conversation: conversationSummarySchema,
      userMessage: assistantMessageSchema,
      reply: assistantMessageSchema,
    }),
  }),
  /** Stops a reply; what arrived is kept. `canceled` is false when it had already ended. */
  'assistant.cancel_reply': defineRoute({
    input: z.object({ requestId: z.string().min(1).max(100) }).strict(),
    output: z.object({ canceled: z.boolean() }),
  }),
  'assistant.list_conversations': defineRoute({
    input: z.object({ limit: z.number().int().min(1).max(100).optional() }).strict(),
    output: z.array(conversationSummarySchema),
  }),
  'assistant.get_conversation': defineRoute({
    input: conversationId,
    output: z.object({ conversation: conversationSummarySchema, messages: z.array(assistantMessageSchema) }),
  }),
  'assistant.delete_conversation': defineRoute({ input: conversationId, output: z.object({ deleted: z.boolean() }) }),
  /** Prompts sent before, newest first or most used first; `query` searches them in any language. */
  'prompts.list_history': defineRoute({
    input: z
      .object({
        query: plainString().max(500).optional(),
        order: z.enum(['recent', 'frequent']).optional(),
        limit: z.number().int().min(1).max(200).optional(),
      })
      .strict(),
    output: z.array(historyEntrySchema),
  }),
  /**
   * The CSV a template's newest batch was filled from, to give the template back whole: `csv` when
   * it was kept, `notKept` (its name and size) when it was too large to keep; both null when none.
   */
  'prompts.template_csv': defineRoute({
    input: z.object({ template: z.string().min(1).max(MAX_TEMPLATE_CHARS) }).strict(),
    output: z.object({
      csv: z.object({ name: z.string().nullable(), text: z.string() }).nullable(),
      notKept: z.object({ name: z.string().nullable(), bytes: z.number().int(), limit: z.number().int() }).nullable(),
    }),
  }),
  'prompts.list_presets': defineRoute({ input: z.object({}).strict(), output: z.array(presetSchema) }),
  'prompts.save_preset': defineRoute({ input: presetDraftSchema, output: presetSchema }),
  'prompts.delete_preset': defineRoute({ input: z.object({ id: idSchema }).strict(), output: z.object({ deleted: z.boolean() }) }),
};

export const assistantEvents = {
  /** More text of a reply (`text` is what this event adds). */
  'assistant.reply_delta': defineEvent(z.object({ requestId: z.string(), conversationId: z.string(), messageId: z.string(), text: z.string() })),
  /** A reply ended: done, canceled or failed (with what arrived and why). */
  'assistant.reply_ended': defineEvent(z.object({ requestId: z.string(), message: assistantMessageSchema })),
  'prompts.presets_changed': defineEvent(z.array(presetSchema)),
};
