import { z } from 'zod';
import type { Message } from '../i18n/translate';
import { defineRoute } from './define';

/** Words of the locale files (`src/shared/i18n/translate.ts`): a key, or a key with placeholder values. */
const messageSchema: z.ZodType<Message> = z.lazy(() =>
  z.object({ key: z.string(), params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null(), messageSchema])).optional() }),
);
const localizedTextSchema = z.union([z.string(), messageSchema]);

/** One way to call a model: a catalog variant, or a generic form for models the catalog does not know. */
const modelVariantSchema = z.object({
  /** Catalog variant id; the renderer builds its form from the shared catalog (`variantById`). */
  id: z.string(),
  kind: z.enum(['image', 'video', 'character']),
  label: localizedTextSchema,
  help: localizedTextSchema,
  /** True for the generic entry of a model the catalog does not know. */
  generic: z.boolean(),
  /**
   * The channel requests of this variant usually reach ("Usually direct" / "Usually queued"), with
   * why it is only usual where the gateway decides. A preference, never a rule: every job follows
   * the answer the gateway gives. Null where nothing is known (generic image variants).
   */
  channel: z
    .object({
      usually: z.enum(['direct', 'queued']),
      label: localizedTextSchema,
      note: localizedTextSchema.nullable(),
    })
    .nullable(),
});
export type ModelVariant = z.infer<typeof modelVariantSchema>;

const modelTypeSchema = z.enum(['text', 'image', 'video', 'audio']);
export type ModelType = z.infer<typeof modelTypeSchema>;

/** A model the key in use may call, with how to call it. */
const modelViewSchema = z.object({
  id: z.string(),
  type: modelTypeSchema,
  ownedBy: z.string().nullable(),
  /** `supported_endpoint_types` as the gateway lists them. */
  endpointTypes: z.array(z.string()),
  /** Text model callable only through `POST /v1/responses`. */
  responsesOnly: z.boolean(),
  /** Image and video models: their catalog variants, or one generic variant. Empty for text and audio. */
  variants: z.array(modelVariantSchema),
});
export type ModelView = z.infer<typeof modelViewSchema>;

const modelListSchema = z.object({
  models: z.array(modelViewSchema),
  /** True when the embedded demo gateway answered. */
  demoMode: z.boolean(),
});
export type ModelListView = z.infer<typeof modelListSchema>;

export const modelsRoutes = {
  'models.list': defineRoute({ input: z.object({}).strict(), output: modelListSchema }),
};
