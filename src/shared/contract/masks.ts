/**
 * Saved inpainting masks: a painted mask kept under a name in the library, to be used again on
 * another image of the same pixel size (the gateway wants the mask at exactly the image's size).
 */
import { z } from 'zod';
import { defineRoute } from './define';
import { idSchema } from './ids';
import { plainString } from './plain-text';
import { fileBytesSchema } from './uploads';

/** The longest side a saved mask may have: above every output size the models offer. */
export const SAVED_MASK_MAX_SIDE = 8192;
export const SAVED_MASK_NAME_MAX = 80;

const savedMaskViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** The mask PNG inside the library folder (`.masks/<id>.png`); `mediaUrl` shows it. */
  filePath: z.string(),
  createdAt: z.number(),
});
export type SavedMaskView = z.infer<typeof savedMaskViewSchema>;

export const masksRoutes = {
  /** Every saved mask, newest first. */
  'masks.list_masks': defineRoute({ input: z.object({}).strict(), output: z.array(savedMaskViewSchema) }),
  /** Keeps a mask PNG (alpha: transparent = repaint) under a name; main checks it is a real PNG of a sensible size. */
  'masks.save_mask': defineRoute({
    input: z
      .object({
        name: plainString().trim().min(1).max(SAVED_MASK_NAME_MAX),
        bytes: fileBytesSchema,
      })
      .strict(),
    output: savedMaskViewSchema,
  }),
  /** A saved mask's PNG as Base64, for the painter to load, view and edit it (any transport carries text). */
  'masks.read_mask': defineRoute({
    input: z.object({ id: idSchema }).strict(),
    output: z.object({ id: z.string(), name: z.string(), width: z.number().int(), height: z.number().int(), pngBase64: z.base64() }),
  }),
  'masks.delete_mask': defineRoute({ input: z.object({ id: idSchema }).strict(), output: z.object({ deleted: z.boolean() }) }),
};
