import { z } from 'zod';
import { defineRoute } from './define';
import { idSchema } from './ids';
import { inputMessages } from './input-messages';

/** The gateway's upload limit; larger files are refused before they cross the boundary. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

/**
 * Pixels (all frames together) of a reference image the studio accepts: far above any size the
 * models take (4K outputs are under 17 megapixels) and a bound on what decoding a small but
 * hostile file (a decompression bomb) may cost.
 */
export const UPLOAD_MAX_PIXELS = 100_000_000;
const tooLarge = inputMessages.uploadTooLarge.key;

/** Bytes that Base64 text decodes to (without decoding it). */
function base64DecodedLength(text: string): number {
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  return Math.floor((text.length * 3) / 4) - padding;
}

/**
 * File bytes as they cross the boundary: a Uint8Array or ArrayBuffer over IPC, or Base64 text
 * where the transport carries JSON only.
 */
export const fileBytesSchema = z.union([
  z.instanceof(Uint8Array).refine((bytes) => bytes.byteLength <= UPLOAD_MAX_BYTES, tooLarge),
  z.instanceof(ArrayBuffer).refine((bytes) => bytes.byteLength <= UPLOAD_MAX_BYTES, tooLarge),
  z.base64().refine((text) => base64DecodedLength(text) <= UPLOAD_MAX_BYTES, tooLarge),
]);

/** The model field a reference is for: a picture over its limits (bytes, type) is fitted to them before upload. */
const fitForSchema = z.object({ variantId: z.string().min(1).max(200), field: z.string().min(1).max(200) }).strict();

const addUploadInputSchema = z
  .object({
    fileName: z.string().trim().min(1).max(255),
    bytes: fileBytesSchema,
    fitFor: fitForSchema.optional(),
  })
  .strict();

/** The original of a fitted reference: what it was before it was re-encoded or scaled (the file itself is never changed). */
const fittedFromSchema = z.object({
  mimeType: z.string(),
  size: z.number(),
  width: z.number().nullable(),
  height: z.number().nullable(),
});
export type FittedFromView = z.infer<typeof fittedFromSchema>;

/** An image uploaded to the gateway in use (or found already uploaded, by content). */
const uploadedImageSchema = z.object({
  /** Public address to use as a reference image. */
  url: z.string(),
  mimeType: z.string(),
  /** Bytes. */
  size: z.number(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  hasAlpha: z.boolean(),
  /** Content hash (sha256, hex); the same bytes are uploaded once per gateway profile. */
  sha256: z.string(),
  /** True when nothing was sent because the same file was uploaded before. */
  reused: z.boolean(),
  /** A small local preview (`data:image/webp;base64,...`), at most 320 px on its longer side. */
  previewDataUrl: z.string(),
  /** Set when the picture was fitted to the model's limits: the original's facts (the fields above describe what was uploaded). */
  fittedFrom: fittedFromSchema.nullable(),
});
export type UploadedImageView = z.infer<typeof uploadedImageSchema>;

/** An earlier upload of the gateway in use, found by its address (a reference of a reused recipe). */
const knownReferenceSchema = uploadedImageSchema.omit({ reused: true, previewDataUrl: true, hasAlpha: true, fittedFrom: true }).extend({
  /** Its small preview, or null when the upload was made before the studio kept previews. */
  previewDataUrl: z.string().nullable(),
  /** The name of the file it was uploaded from; null or absent when the upload was made before the studio kept names. */
  fileName: z.string().nullish(),
});
export type KnownReferenceView = z.infer<typeof knownReferenceSchema>;

/** How many addresses one `uploads.describe` call may ask about (the longest reference list is 16). */
const MAX_DESCRIBED_REFERENCES = 64;

export const uploadsRoutes = {
  'uploads.add': defineRoute({ input: addUploadInputSchema, output: uploadedImageSchema }),
  /** Uploads an image of the library (a result used as a reference); its bytes never leave main. */
  'uploads.add_asset': defineRoute({ input: z.object({ assetId: idSchema, fitFor: fitForSchema.optional() }).strict(), output: uploadedImageSchema }),
  /** Uploads a saved mask (`masks.save_mask`) to send with a request; its bytes never leave main. */
  'uploads.add_saved_mask': defineRoute({ input: z.object({ maskId: idSchema }).strict(), output: uploadedImageSchema }),
  /** What the studio knows of these addresses from its own uploads to the gateway in use; unknown ones are left out. */
  'uploads.describe': defineRoute({
    input: z.object({ urls: z.array(z.string().min(1).max(4096)).max(MAX_DESCRIBED_REFERENCES) }).strict(),
    output: z.array(knownReferenceSchema),
  }),
};
