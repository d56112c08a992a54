import { z } from 'zod';
import { idSchema } from './ids';
import { plainString } from './plain-text';

// Apart from the rest of the library's routes: the window's address holds a filter, and parsing it should not load the whole contract.

export const assetKindSchema = z.enum(['image', 'video']);

export const libraryFilterSchema = z
  .object({
    kind: assetKindSchema.optional(),
    model: plainString().min(1).max(200).optional(),
    favourite: z.boolean().optional(),
    tag: plainString().min(1).max(64).optional(),
    createdFrom: z.number().int().nonnegative().optional(),
    createdBefore: z.number().int().nonnegative().optional(),
    batchId: idSchema.optional(),
    /** On this board. */
    boardId: idSchema.optional(),
    /** The prompt mentions this character (`@username`). */
    character: plainString().trim().min(1).max(100).optional(),
    /** Prompt search; control characters become spaces, as in every text of a filter. */
    text: plainString().max(500).optional(),
    /** By creation time; newest first unless `oldest`. */
    order: z.enum(['newest', 'oldest']).optional(),
  })
  .strict();
export type LibraryFilter = z.infer<typeof libraryFilterSchema>;
