import { z } from 'zod';
import { lenient, optBoolean, optNumber, optString } from './lenient';

/** Values of the `type` query of `GET /v1/models`. */
export type ModelListType = 'text' | 'chat' | 'image' | 'video' | 'audio' | 'all';

/** One entry of `GET /v1/models`; only `id` is needed, everything else is optional. */
const modelEntrySchema = z.looseObject({
  id: z.string().min(1),
  object: optString,
  created: optNumber,
  owned_by: optString,
  supported_endpoint_types: lenient(z.array(z.string())),
});
export type ModelEntry = z.infer<typeof modelEntrySchema>;

/**
 * The list wrapper. Entries that do not parse (no id) are dropped rather than failing the list,
 * because one odd custom model must not hide all the others.
 */
export const modelListSchema = z.looseObject({
  success: optBoolean,
  object: optString,
  data: z.array(z.unknown()).transform((items) =>
    items.flatMap((item) => {
      const parsed = modelEntrySchema.safeParse(item);
      return parsed.success ? [parsed.data] : [];
    }),
  ),
});

/** True when the model can be called through `POST /v1/chat/completions`. */
export function supportsChatCompletions(model: ModelEntry): boolean {
  const types = model.supported_endpoint_types;
  // Deployments that omit the list serve text models through chat completions.
  return types === undefined || types.length === 0 || types.includes('chat_completions');
}

/** True when the model lists only `responses` and must not be called through chat completions. */
export function isResponsesOnly(model: ModelEntry): boolean {
  const types = model.supported_endpoint_types ?? [];
  return types.includes('responses') && !types.includes('chat_completions');
}

/**
 * Whether a model is Responses-only: what the model list says where it gives endpoint types
 * (`supported_endpoint_types`), else whether the interface names it Responses-only.
 */
export function responsesOnlyModel(modelId: string, endpointTypes: readonly string[] | undefined, namedResponsesOnly: readonly string[]): boolean {
  if (endpointTypes === undefined || endpointTypes.length === 0) return namedResponsesOnly.includes(modelId);
  return endpointTypes.includes('responses') && !endpointTypes.includes('chat_completions');
}
