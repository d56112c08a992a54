import { z } from 'zod';
import { defineEvent, defineRoute } from './define';
import { idSchema } from './ids';

export const assetKindSchema = z.enum(['image', 'video']);

/** One result in the library, with the recipe that made it (the request, without secrets). */
export const assetViewSchema = z.object({
  id: z.string(),
  kind: assetKindSchema,
  /** Path inside the library folder; the transport turns it into a URL the window can show. */
  mediaPath: z.string(),
  thumbPath: z.string().nullable(),
  mime: z.string(),
  bytes: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  model: z.string(),
  variantId: z.string().nullable(),
  prompt: z.string(),
  request: z.unknown(),
  taskId: z.string().nullable(),
  jobId: z.string().nullable(),
  createdAt: z.number().int(),
  favourite: z.boolean(),
  tags: z.array(z.string()),
});
export type AssetView = z.infer<typeof assetViewSchema>;

export const libraryFilterSchema = z
  .object({
    kind: assetKindSchema.optional(),
    model: z.string().min(1).max(200).optional(),
    favourite: z.boolean().optional(),
    tag: z.string().min(1).max(64).optional(),
    createdFrom: z.number().int().nonnegative().optional(),
    createdBefore: z.number().int().nonnegative().optional(),
    batchId: idSchema.optional(),
    text: z.string().max(500).optional(),
  })
  .strict();
export type LibraryFilter = z.infer<typeof libraryFilterSchema>;

const assetId = z.object({ id: idSchema }).strict();

export const libraryRoutes = {
  'library.list_assets': defineRoute({
    input: libraryFilterSchema.extend({
      limit: z.number().int().min(1).max(200).optional(),
      cursor: z.string().max(200).nullable().optional(),
    }),
    output: z.object({ items: z.array(assetViewSchema), nextCursor: z.string().nullable() }),
  }),
  'library.count_facets': defineRoute({
    input: libraryFilterSchema,
    output: z.object({
      total: z.number().int(),
      favourites: z.number().int(),
      kinds: z.object({ image: z.number().int(), video: z.number().int() }),
      models: z.array(z.object({ model: z.string(), count: z.number().int() })),
      tags: z.array(z.object({ tag: z.string(), count: z.number().int() })),
    }),
  }),
  'library.get_asset': defineRoute({ input: assetId, output: assetViewSchema }),
  'library.set_favourite': defineRoute({
    input: z.object({ id: idSchema, favourite: z.boolean() }).strict(),
    output: assetViewSchema,
  }),
  'library.set_tags': defineRoute({
    input: z.object({ id: idSchema, tags: z.array(z.string().trim().min(1).max(64)).max(50) }).strict(),
    output: assetViewSchema,
  }),
};

export const libraryEvents = {
  'library.added': defineEvent(assetViewSchema),
};
